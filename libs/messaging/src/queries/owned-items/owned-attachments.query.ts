import { Query } from '@nestjs/cqrs';

export interface OwnedAttachmentsView {
  /** The fan as the creator sees them (a masked handle). */
  recipient: string;
  /** The attached store items the fan owns already: a priced message carrying only these opens free for them. */
  alreadyOwned: { contentId: string; title: string }[];
}

/** The composer's check: which of the items a creator is about to attach the conversation's fan owns already. */
export class OwnedAttachmentsQuery extends Query<OwnedAttachmentsView> {
  constructor(
    readonly creatorId: string,
    readonly conversationId: string,
    readonly contentIds: string[],
  ) {
    super();
  }
}
