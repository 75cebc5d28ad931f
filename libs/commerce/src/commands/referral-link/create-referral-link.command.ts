import { Command } from '@nestjs/cqrs';
import type { ReferralLinkView } from '../../queries/referral-links/referral-link-view.js';

/** A fan's link to an album (stores with referrals on); asking again returns the same link. */
export class CreateReferralLinkCommand extends Command<{ link: ReferralLinkView; created: boolean }> {
  constructor(
    readonly ownerId: string,
    readonly contentId: string,
  ) {
    super();
  }
}
