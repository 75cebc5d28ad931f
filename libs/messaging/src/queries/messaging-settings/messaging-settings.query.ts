import { Query } from '@nestjs/cqrs';
import type { MessagingSetting } from '../../domain/who-may-message.js';

export interface MessagingSettingsView extends MessagingSetting {
  /** The currency a price is asked in: the creator's store currency. */
  storeCurrency: string;
}

/** A creator's own setting of who may message them (creators with a store only). */
export class MessagingSettingsQuery extends Query<MessagingSettingsView> {
  constructor(readonly creatorId: string) {
    super();
  }
}
