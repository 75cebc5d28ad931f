import { Query } from '@nestjs/cqrs';
import type { ClaimView } from '#app/platform';
import type { VerificationStatus } from '../../entities/verification-submission.entity.js';

export interface StaffRef {
  id: string;
  email: string;
}

export interface ReviewItem {
  id: string;
  userId: string;
  userEmail: string | null;
  fullName: string;
  dateOfBirth: string;
  country: string;
  countryName: string;
  status: VerificationStatus;
  submittedAt: string;
  claimedBy: StaffRef | null;
  claimedAt: string | null;
  decidedBy: StaffRef | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  /** What the staff member asking may do with it (the shared review-claim rule). */
  claim: ClaimView;
}

/** The review queue: one status, oldest first (the order moderators work in). */
export class ReviewQueueQuery extends Query<ReviewItem[]> {
  constructor(
    readonly status: VerificationStatus,
    /** The staff member asking: their own submission is left out of the processing queue. */
    readonly viewerId: string,
    readonly limit = 100,
  ) {
    super();
  }
}

/** One queue item; with `withImageKeys` also where its two images are stored. */
export class ReviewItemQuery extends Query<
  (ReviewItem & { imageKeys: { userPhotoWithId: string; idPhoto: string } }) | null
> {
  constructor(
    readonly submissionId: string,
    /** The staff member asking, for `claim`. */
    readonly viewerId: string,
  ) {
    super();
  }
}
