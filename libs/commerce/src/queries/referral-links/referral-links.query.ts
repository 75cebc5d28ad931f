import { Query } from '@nestjs/cqrs';
import type { ReferralLinkView } from './referral-link-view.js';

/** The caller's referral links with what each has earned; nobody sees another user's. */
export class MyReferralLinksQuery extends Query<ReferralLinkView[]> {
  constructor(readonly ownerId: string) {
    super();
  }
}
