import { Command } from '@nestjs/cqrs';
import type { MessagingPreferencesView } from '../../queries/messaging-preferences/messaging-preferences.query.js';

/** A user turns the unread-messages email on or off (from settings, or from a digest's unsubscribe link). */
export class UpdateMessagingPreferencesCommand extends Command<MessagingPreferencesView> {
  constructor(
    readonly userId: string,
    readonly emailDigest: boolean,
  ) {
    super();
  }
}
