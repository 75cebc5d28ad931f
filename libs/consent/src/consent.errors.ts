import { AppError } from '#app/platform';

export const ConsentErrors = {
  lengthMismatch: () =>
    new AppError(400, 'validation_failed', 'consentTypes and consentVersions must have the same length'),
  duplicateType: () => new AppError(400, 'validation_failed', 'Each consent type may appear only once'),
  unknownVersion: (type: string, version: string) =>
    new AppError(422, 'unknown_policy_version', `There is no version ${version} of ${type}`),
};
