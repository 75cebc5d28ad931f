import type { IncomingMessage } from 'node:http';
import { AppError, assertMultipartForm, multerCause, toAppError } from '#app/platform';
import { MAX_IMAGE_BYTES } from '../domain/id-image.js';
import type { ApplicantInput } from '../domain/applicant.js';
import type { SubmittedImages } from '../commands/submit-verification/submit-verification.command.js';
import { VerificationErrors } from '../verification.errors.js';

const TEXT_FIELDS = ['fullName', 'dateOfBirth', 'country'] as const;
export const ID_IMAGE_FIELDS = ['userPhotoWithId', 'idPhoto'] as const;

/** Multer's limits for the form (SPEC §7): two files of at most 10 MB, three short text fields, nothing else; held in memory. */
export const VERIFICATION_FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 6, fieldSize: 1000, parts: 8 };

export interface UploadedImage {
  fieldname: string;
  buffer: Buffer;
}

const onlyTheseFields = () =>
  new AppError(400, 'validation_failed', 'Send fullName, dateOfBirth, country, userPhotoWithId and idPhoto only');

/** The form's own wording for what Multer refused while reading it; anything else takes the shared mapping. */
export function verificationFormError(exception: unknown): AppError | null {
  const cause = multerCause(exception);
  if (!cause) return null;
  if (cause.code === 'LIMIT_FILE_SIZE') return VerificationErrors.tooLarge('An image');
  if (cause.code === 'LIMIT_UNEXPECTED_FILE' && cause.field) return VerificationErrors.unexpectedPart(cause.field);
  if (cause.code.startsWith('LIMIT_')) return onlyTheseFields();
  return toAppError(exception);
}

/**
 * The verification form as Multer read it: the three text fields, nothing else, and both images.
 */
export function readVerificationForm(
  request: IncomingMessage & { body?: Record<string, unknown> },
  files: Partial<Record<(typeof ID_IMAGE_FIELDS)[number], UploadedImage[]>> | undefined,
): { input: ApplicantInput; images: SubmittedImages } {
  assertMultipartForm(request, VerificationErrors.notMultipart);
  const input: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.body ?? {})) {
    // A repeated field reads as an array: it is as unexpected as a field of another name.
    if (!(TEXT_FIELDS as readonly string[]).includes(name) || typeof value !== 'string')
      throw VerificationErrors.unexpectedPart(name);
    if (value.includes('\u0000'))
      throw new AppError(400, 'validation_failed', `${name} contains a NUL character, which no field accepts`);
    input[name] = value;
  }
  const image = (field: (typeof ID_IMAGE_FIELDS)[number]) => {
    const buffer = files?.[field]?.[0]?.buffer;
    if (!buffer) throw VerificationErrors.missingImage(field);
    return buffer;
  };
  return { input, images: { userPhotoWithId: image('userPhotoWithId'), idPhoto: image('idPhoto') } };
}
