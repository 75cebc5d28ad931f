import type { FactorJson } from '#app/identity';
import type { MfaFactor } from '../entities/mfa-factor.entity.js';

export function toFactorJson(factor: MfaFactor): FactorJson {
  return {
    id: factor.id,
    ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
    factor_type: 'totp',
    status: factor.status,
    created_at: new Date(factor.createdAt).toISOString(),
    updated_at: new Date(factor.updatedAt).toISOString(),
    phone: '',
    last_challenged_at: factor.lastChallengedAt ? new Date(factor.lastChallengedAt).toISOString() : null,
  };
}
