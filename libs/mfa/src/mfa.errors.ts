import { AppError } from '#app/platform';

export const MfaErrors = {
  factorNotFound: () => new AppError(404, 'mfa_factor_not_found', 'Factor not found'),
  challengeNotFound: () =>
    new AppError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  challengeExpired: (id: string) =>
    new AppError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  challengeMismatch: () => new AppError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
  invalidCode: () => new AppError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  codeReused: () =>
    new AppError(
      422,
      'mfa_verification_failed',
      'Invalid TOTP code entered: this code was already used. Wait for the next code.',
    ),
  emptyCode: () => new AppError(400, 'validation_failed', 'Code needs to be non-empty'),
  unsupportedType: () => new AppError(400, 'validation_failed', 'factor_type must be totp'),
  nameConflict: (name: string) =>
    new AppError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${name}" for this user already exists`,
    ),
  tooMany: () =>
    new AppError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    ),
  aal2ToEnroll: () => new AppError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor'),
  aal2ToUnenroll: () => new AppError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor'),
  aal2ForRecoveryCodes: () =>
    new AppError(403, 'insufficient_aal', 'AAL2 session is required to create recovery codes'),
  noVerifiedFactor: () => new AppError(422, 'mfa_not_enabled', 'Two-factor authentication is not enabled'),
  invalidRecoveryCode: () =>
    new AppError(400, 'invalid_recovery_code', 'This recovery code is not valid or was already used'),
  userNotFound: () => new AppError(404, 'user_not_found', 'User not found'),
};
