import { Command } from '@nestjs/cqrs';
import type { ApplicantInput } from '../../domain/applicant.js';

export interface SubmittedImages {
  userPhotoWithId: Buffer;
  idPhoto: Buffer;
}

/** A creator or referrer asks to be verified (SPEC §2 Verification): their details and two ID images. */
export class SubmitVerificationCommand extends Command<{ status: 'processing'; submittedAt: string }> {
  constructor(
    readonly userId: string,
    readonly input: ApplicantInput,
    readonly images: SubmittedImages,
  ) {
    super();
  }
}
