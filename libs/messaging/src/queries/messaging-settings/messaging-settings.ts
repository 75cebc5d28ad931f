import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { DEFAULT_SETTING, type MessagingSetting } from '../../domain/who-may-message.js';
import { MessagingSettingRow } from '../../entities/messaging-setting.entity.js';

/** A creator's messaging setting, or the default when they never chose. */
@Injectable()
export class MessagingSettings {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async of(creatorId: string): Promise<MessagingSetting> {
    const row = await this.orm.em.fork().findOne(MessagingSettingRow, { creatorId });
    return row
      ? {
          audience: row.audience,
          priceMinor: row.priceMinor === null ? null : Number(row.priceMinor),
          currency: row.currency,
        }
      : DEFAULT_SETTING;
  }
}
