import { AppError } from '#app/platform';

export const ModerationErrors = {
  notFound: () => new AppError(404, 'not_found', 'Case not found'),
  claimedByOther: () => new AppError(409, 'claimed_by_other', 'Another moderator is working on this case'),
  notClaimed: () => new AppError(409, 'not_claimed', 'Claim this case before resolving it'),
  alreadyResolved: () => new AppError(409, 'already_resolved', 'This case has already been resolved'),
  emailRequired: () => new AppError(400, 'validation_failed', 'email is required so we can tell you the outcome', [{ field: 'email', message: 'This field is required' }]),
};
