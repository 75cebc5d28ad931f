import { MfaFactor } from './mfa-factor.entity.js';
import { MfaChallenge } from './mfa-challenge.entity.js';
import { RecoveryCode } from './recovery-code.entity.js';

export { MfaFactor, MfaChallenge, RecoveryCode };
export const mfaEntities = [MfaFactor, MfaChallenge, RecoveryCode];
