import type { FastifyRequest } from 'fastify';
import { AppError } from '#app/platform';
import { MAX_IMAGE_BYTES } from '../domain/id-image.js';
import type { ApplicantInput } from '../domain/applicant.js';
import type { SubmittedImages } from '../commands/submit-verification/submit-verification.command.js';
import { VerificationErrors } from '../verification.errors.js';

const TEXT_FIELDS = ['fullName', 'dateOfBirth', 'country'] as const;
const FILE_FIELDS = ['userPhotoWithId', 'idPhoto'] as const;

interface MultipartError {
  code?: string;
}

/**
 * Reads the multipart verification form (SPEC §7) with hard limits: two files of at most 10 MB,
 * three short text fields, nothing else. Files are read to memory only up to the limit.
 */
export async function readVerificationForm(request: FastifyRequest): Promise<{ input: ApplicantInput; images: SubmittedImages }> {
  if (!request.isMultipart()) throw VerificationErrors.notMultipart();
  const input: Record<string, string> = {};
  const files: Partial<Record<(typeof FILE_FIELDS)[number], Buffer>> = {};
  try {
    const parts = request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 6, fieldSize: 1000, parts: 8 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const name = part.fieldname as (typeof FILE_FIELDS)[number];
        if (!FILE_FIELDS.includes(name) || files[name]) {
          part.file.resume();
          throw VerificationErrors.unexpectedPart(part.fieldname);
        }
        files[name] = await part.toBuffer();
      } else {
        if (!(TEXT_FIELDS as readonly string[]).includes(part.fieldname) || Object.hasOwn(input, part.fieldname)) throw VerificationErrors.unexpectedPart(part.fieldname);
        const value = String(part.value);
        if (value.includes('\u0000')) throw new AppError(400, 'validation_failed', `${part.fieldname} contains a NUL character, which no field accepts`);
        input[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as MultipartError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw VerificationErrors.tooLarge('An image');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(400, 'validation_failed', 'Send fullName, dateOfBirth, country, userPhotoWithId and idPhoto only');
    }
    // Anything else the reader throws (no boundary, data cut off) is a form we cannot read, not a server fault.
    throw new AppError(400, code?.startsWith('FST_') ? 'validation_failed' : 'bad_multipart', `The form could not be read: ${(error as Error).message}`);
  }
  for (const field of FILE_FIELDS) if (!files[field]) throw VerificationErrors.missingImage(field);
  return { input, images: { userPhotoWithId: files.userPhotoWithId!, idPhoto: files.idPhoto! } };
}
