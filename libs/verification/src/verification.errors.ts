import { AppError } from '#app/platform';
import type { FieldProblem } from './domain/applicant.js';

export const VerificationErrors = {
  paused: () =>
    new AppError(
      403,
      'verification_paused',
      'Verification is paused until the platform launches. Follow our social channels for the date it reopens.',
    ),
  invalid: (problems: FieldProblem[]) =>
    new AppError(400, 'validation_failed', problems.map((p) => p.message).join('; '), problems),
  notMultipart: () => new AppError(415, 'unsupported_media_type', 'Send the verification as multipart/form-data'),
  missingImage: (field: string) =>
    new AppError(400, 'validation_failed', `${field} is required: choose an image`, [
      { field, message: 'This field is required' },
    ]),
  unexpectedPart: (field: string) =>
    new AppError(400, 'validation_failed', `Unexpected field ${field}`, [{ field, message: 'Unexpected field' }]),
  tooLarge: (field: string) => new AppError(413, 'file_too_large', `${field} is larger than 10 MB`),
  pending: () => new AppError(409, 'verification_pending', 'Your verification is already being processed'),
  alreadyVerified: () => new AppError(409, 'already_verified', 'Your account is already verified'),
  notFound: () => new AppError(404, 'not_found', 'Verification submission not found'),
  claimedByOther: () => new AppError(409, 'claimed_by_other', 'Another moderator is reviewing this submission'),
  notClaimed: () => new AppError(409, 'not_claimed', 'Claim this submission before deciding on it'),
  alreadyDecided: () => new AppError(409, 'already_decided', 'This submission has already been decided'),
  badImageLink: () => new AppError(403, 'invalid_link', 'This image link is invalid or has expired'),
};
