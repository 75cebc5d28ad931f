import type { User } from '../entities/user.entity.js';

export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  phone: string;
  last_challenged_at: string | null;
}

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : undefined);

export function appMetadata(user: User): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], role: user.appRole };
}

export function userMetadata(user: User): Record<string, unknown> {
  return {
    ...user.userMetadata,
    email: user.email,
    email_verified: Boolean(user.emailConfirmedAt),
    phone_verified: false,
    sub: user.id,
  };
}

/** The GoTrue user shape (contract §2): null timestamps omitted, phone "", factors only when present. */
export function toUserJson(user: User, factors: FactorJson[] = []): Record<string, unknown> {
  const metadata = userMetadata(user);
  const json: Record<string, unknown> = {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: user.emailChange ? iso(user.emailChangeSentAt) : undefined,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: appMetadata(user),
    user_metadata: metadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: metadata,
        provider: 'email',
        last_sign_in_at: iso(user.lastSignInAt ?? user.createdAt),
        created_at: iso(user.createdAt),
        updated_at: iso(user.updatedAt),
        email: user.email,
      },
    ],
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    is_anonymous: false,
  };
  if (factors.length > 0) json.factors = factors;
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}
