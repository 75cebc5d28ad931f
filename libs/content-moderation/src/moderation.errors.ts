import { AppError } from '#app/platform';

export const ModerationErrors = {
  notFound: () => new AppError(404, 'not_found', 'Case not found'),
  claimedByOther: () => new AppError(409, 'claimed_by_other', 'Another moderator is working on this case'),
  notClaimed: () => new AppError(409, 'not_claimed', 'Claim this case before resolving it'),
  alreadyResolved: () => new AppError(409, 'already_resolved', 'This case has already been resolved'),
  emailRequired: () =>
    new AppError(400, 'validation_failed', 'email is required so we can tell you the outcome', [
      { field: 'email', message: 'This field is required' },
    ]),
};

export const ContentErrors = {
  notLaunched: () => new AppError(403, 'not_launched', 'Uploading content opens at the platform launch'),
  notVerified: () =>
    new AppError(403, 'not_verified', 'Only verified creators can upload. Verify your identity first.'),
  notFound: () => new AppError(404, 'not_found', 'Content not found'),
  notEditable: (status: string) => new AppError(409, 'not_editable', `Content that is ${status} cannot be changed`),
  noMedia: (kind: string) =>
    new AppError(
      409,
      'no_media',
      kind === 'video'
        ? 'Upload the video and wait for it to be processed before submitting'
        : 'Upload at least one photo and wait for processing before submitting',
    ),
  mediaProcessing: () =>
    new AppError(409, 'media_processing', 'Some files are still being processed; submit when they are ready'),
  wrongMedia: (message: string) => new AppError(409, 'wrong_media', message),
  invalidTransition: (message: string) => new AppError(409, 'invalid_transition', message),
  claimedByOther: () => new AppError(409, 'claimed_by_other', 'Another moderator is reviewing this content'),
  notClaimed: () => new AppError(409, 'not_claimed', 'Claim this content before deciding on it'),
  badOrder: (message: string) => new AppError(400, 'validation_failed', message, [{ field: 'mediaIds', message }]),
  badCover: (message: string) => new AppError(400, 'validation_failed', message, [{ field: 'mediaId', message }]),
  notArrangeable: (message: string) => new AppError(409, 'not_editable', message),
};

export const CollaborationErrors = {
  notFound: () => new AppError(404, 'not_found', 'Collaboration not found'),
  self: () => new AppError(400, 'validation_failed', 'You cannot collaborate with yourself'),
  exists: () =>
    new AppError(409, 'collaboration_exists', 'There is already a request or a collaboration with this creator'),
  closed: () => new AppError(403, 'requests_closed', 'This creator is not accepting collaboration requests'),
  notPending: () => new AppError(409, 'not_pending', 'Only a pending request can be approved or rejected'),
  notApproved: () =>
    new AppError(409, 'not_approved', 'Only an approved collaborator can have permissions or a release form'),
  badReleaseForm: () => new AppError(415, 'unsupported_file', 'A release form must be a PDF, JPEG or PNG file'),
  releaseFormTooLarge: () => new AppError(413, 'file_too_large', 'A release form can be at most 10 MB'),
  notCollaborator: (id: string) =>
    new AppError(400, 'validation_failed', `User ${id} has not asked to collaborate with you`, [
      { field: 'collaboratorIds', message: 'Only people who asked to collaborate with you can be featured' },
    ]),
};
