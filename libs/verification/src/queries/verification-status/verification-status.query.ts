import { Query } from '@nestjs/cqrs';
import type { VerificationStatus } from '../../entities/verification-submission.entity.js';

export interface VerificationStatusView {
  /** null: never submitted. */
  status: VerificationStatus | null;
  verifiedAt: string | null;
  rejectionReason: string | null;
  submittedAt: string | null;
}

/** GET /api/verify-user/status (SPEC §7), and other modules asking whether a user is verified. */
export class VerificationStatusQuery extends Query<VerificationStatusView> {
  constructor(readonly userId: string) {
    super();
  }
}
