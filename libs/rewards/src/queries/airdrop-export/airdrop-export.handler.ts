import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { toCsv } from '#app/platform';
import { AirdropExportQuery } from './airdrop-export.query.js';

interface EligibleRow {
  user_id: string;
  wallet_address: string;
  wallet_added_at: Date | string;
  telegram_username: string | null;
}

@QueryHandler(AirdropExportQuery)
export class AirdropExportHandler implements IQueryHandler<AirdropExportQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ snapshot }: AirdropExportQuery): Promise<string> {
    const rows = await this.orm.em.getConnection().execute<EligibleRow[]>(
      `select user_id, wallet_address, wallet_added_at, telegram_username from user_rewards
          where wallet_address is not null and wallet_added_at < ? order by wallet_added_at, user_id`,
      [snapshot],
    );
    return toCsv(
      ['user_id', 'wallet_address', 'wallet_added_at', 'telegram_username'],
      rows.map((row) => [
        row.user_id,
        row.wallet_address,
        new Date(row.wallet_added_at).toISOString(),
        row.telegram_username ?? '',
      ]),
    );
  }
}
