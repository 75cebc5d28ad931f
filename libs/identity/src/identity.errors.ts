import { AppError } from '#app/platform';
import type { WeakPasswordReason } from './domain/password-policy.js';

export const IdentityErrors = {
  invalidCredentials: () => new AppError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AppError(400, 'email_not_confirmed', 'Email not confirmed'),
  missingEmailOrPhone: () => new AppError(400, 'validation_failed', 'missing email or phone'),
  unsupportedGrant: () => new AppError(400, 'validation_failed', 'unsupported_grant_type'),
  emailExists: () => new AppError(422, 'email_exists', 'A user with this email address has already been registered'),
  accountDeleted: () => new AppError(409, 'account_deleted', 'This account has already been deleted'),
  deletionNeedsPassword: () => new AppError(400, 'validation_failed', 'Enter your password to delete your account'),
  deletionNeedsSecondFactor: () =>
    new AppError(
      403,
      'mfa_reauthentication_required',
      'Two-factor authentication is on: confirm it is you with a code from your authenticator app, then delete your account.',
    ),
  userAlreadyExists: () => new AppError(422, 'user_already_exists', 'User already registered'),
  signupRequiresPassword: () => new AppError(400, 'validation_failed', 'Signup requires a valid password'),
  anonymousDisabled: () => new AppError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  invalidEmail: () => new AppError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  passwordTooLong: () => new AppError(400, 'validation_failed', 'Password cannot be longer than 72 characters'),
  weakPassword: (message: string, reasons: WeakPasswordReason[]) =>
    new AppError(422, 'weak_password', message, undefined, { weak_password: { reasons } }),
  currentPasswordMismatch: () => new AppError(400, 'current_password_mismatch', 'Current password is incorrect'),
  currentPasswordRequired: () =>
    new AppError(
      400,
      'current_password_required',
      'Current password required when setting new password. Enter it, or the code sent to your email address (reauthenticate), to continue.',
    ),
  reauthenticationNotValid: () =>
    new AppError(400, 'reauthentication_not_valid', 'Verification code is invalid or has expired; request a new one.'),
  samePassword: () => new AppError(422, 'same_password', 'New password should be different from the old password.'),
  noAuthorization: () => new AppError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) =>
    new AppError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  userNotFound: () => new AppError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AppError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  insufficientAalForPassword: () =>
    new AppError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.'),
  otpExpired: () => new AppError(403, 'otp_expired', 'Email link is invalid or has expired'),
  otpInvalid: () => new AppError(403, 'otp_expired', 'Token has expired or is invalid'),
  pkceIncomplete: () =>
    new AppError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge'),
  pkceBadChallenge: () =>
    new AppError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters of [A-Za-z0-9._~-]'),
  pkceBadMethod: () =>
    new AppError(400, 'validation_failed', 'code challenge method not supported (use s256 or plain)'),
  pkceExchangeIncomplete: () =>
    new AppError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty'),
  flowStateNotFound: () => new AppError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AppError(403, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () =>
    new AppError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  metadataNotObject: () => new AppError(400, 'validation_failed', 'user metadata (data) must be a JSON object'),
  metadataTooLarge: (bytes: number) =>
    new AppError(400, 'validation_failed', `user metadata (data) must be at most ${bytes} bytes of JSON`),
  metadataTooDeep: (depth: number) =>
    new AppError(400, 'validation_failed', `user metadata (data) must be nested at most ${depth} levels deep`),
  invalidVerificationToken: () => new AppError(400, 'invalid_token', 'Invalid verification token.'),
  invalidResetToken: () =>
    new AppError(400, 'invalid_token', 'This reset link is invalid or has expired. Please request a new one.'),
  refreshTokenInvalid: () => new AppError(400, 'validation_failed', 'Refresh token is not valid'),
  refreshTokenNotFound: () =>
    new AppError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AppError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshSessionMissing: () => new AppError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
  unsupportedLogoutScope: (scope: string) =>
    new AppError(400, 'validation_failed', `Unsupported logout scope "${scope}"`),
  unsupportedVerifyType: (type: string) =>
    new AppError(400, 'validation_failed', `Unsupported verification type "${type}"`),
  rateLimited: (retryAfter: number) =>
    new AppError(429, 'over_request_rate_limit', 'Request rate limit reached', undefined, { retry_after: retryAfter }),
  emailRateLimited: (seconds: number) =>
    new AppError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      undefined,
      {
        retry_after: seconds,
      },
    ),
  accountLocked: (minutes: number) =>
    new AppError(
      429,
      'account_locked',
      `Too many failed sign-in attempts. Sign-in from this network is locked for ${minutes} minutes; reset your password to unlock it now.`,
      undefined,
      { retry_after: minutes * 60 },
    ),
  invalidSitePassword: () => new AppError(401, 'invalid_site_password', 'Invalid password'),
  sitePasswordLookupFailed: () => new AppError(503, 'site_password_unavailable', 'Failed to verify password'),
  siteLocked: () =>
    new AppError(401, 'site_locked', 'This site is password protected. Enter the site password at / to continue.'),
  adminOnly: () => new AppError(403, 'forbidden', 'This action is for admins'),
};
