import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessagingSetting } from '../domain/who-may-message.js';

/** The only writer of `messaging_settings`: who may message a creator, and at what price per message. */
export const MessagingSettingsRepository = {
  /** One row per creator, replaced whole by a checked setting. */
  async save(em: EntityManager, creatorId: string, setting: MessagingSetting, at: Date): Promise<void> {
    await em.execute(
      `insert into messaging_settings (creator_id, audience, price_minor, currency, updated_at) values (?, ?, ?, ?, ?)
       on conflict (creator_id) do update
         set audience = excluded.audience, price_minor = excluded.price_minor, currency = excluded.currency, updated_at = excluded.updated_at`,
      [creatorId, setting.audience, setting.priceMinor, setting.currency, at],
    );
  },
};
