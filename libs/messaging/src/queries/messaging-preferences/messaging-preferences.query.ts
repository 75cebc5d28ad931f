import { Query } from '@nestjs/cqrs';

export interface MessagingPreferencesView {
  /** Email me unread messages: one digest of what waited unread for over an hour. */
  emailDigest: boolean;
}

/** A user's own messaging preferences (fans and creators alike). */
export class MessagingPreferencesQuery extends Query<MessagingPreferencesView> {
  constructor(readonly userId: string) {
    super();
  }
}
