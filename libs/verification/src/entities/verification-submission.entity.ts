import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export const VERIFICATION_STATUSES = ['processing', 'accepted', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * One identity check (SPEC §3): what the applicant typed and where the two encrypted, re-encoded
 * images are kept. The newest submission of a user is their verification status.
 */
@Entity({ tableName: 'verification_submissions' })
export class VerificationSubmission {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  fullName!: string;

  @Property({ type: 'date' })
  dateOfBirth!: string;

  @Property({ type: 'text' })
  country!: string;

  @Property({ type: 'text' })
  status: VerificationStatus = 'processing';

  @Property({ type: 'text', nullable: true })
  rejectionReason: string | null = null;

  @Property({ type: 'text', hidden: true })
  userPhotoKey!: string;

  @Property({ type: 'text', hidden: true })
  idPhotoKey!: string;

  @Property({ type: 'timestamptz' })
  submittedAt!: Date;

  @Property({ type: 'uuid', nullable: true })
  claimedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  decidedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;
}
