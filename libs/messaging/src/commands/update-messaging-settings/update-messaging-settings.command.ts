import { Command } from '@nestjs/cqrs';
import type { Audience } from '../../domain/who-may-message.js';
import type { MessagingSettingsView } from '../../queries/messaging-settings/messaging-settings.query.js';

/** A creator chooses who may message them; a price is in their store's currency. */
export class UpdateMessagingSettingsCommand extends Command<MessagingSettingsView> {
  constructor(
    readonly creatorId: string,
    readonly audience: Audience,
    readonly priceMinor: number | undefined,
  ) {
    super();
  }
}
