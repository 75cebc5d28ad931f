import { ApiProperty } from '@nestjs/swagger';
import { CLAIM_VIEW_STATES, type ClaimViewState } from './review-claim.js';

/** What the signed-in staff member may do with a review item (see claimView). */
export class ClaimViewDto {
  @ApiProperty({
    enum: CLAIM_VIEW_STATES,
    description:
      'open: you may claim it; mine: you hold the claim and may decide or release; taken: another reviewer holds it; own_work: your own work, never yours to review; closed: not waiting for review',
  })
  state!: ClaimViewState;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When the live claim lapses (30 minutes after it was taken); null without one',
  })
  expiresAt!: string | null;
}
