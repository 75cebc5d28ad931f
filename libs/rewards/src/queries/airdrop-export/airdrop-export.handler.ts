import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { toCsv } from '#app/platform';
import { AirdropExportQuery } from './airdrop-export.query.js';
import { airdropEligible } from './airdrop-eligible.read-model.js';

@QueryHandler(AirdropExportQuery)
export class AirdropExportHandler implements IQueryHandler<AirdropExportQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ snapshot }: AirdropExportQuery): Promise<string> {
    const rows = await airdropEligible(this.orm.em.fork(), snapshot);
    return toCsv(
      ['user_id', 'wallet_address', 'wallet_added_at', 'telegram_username'],
      rows.map((row) => [row.userId, row.walletAddress, row.walletAddedAt.toISOString(), row.telegramUsername ?? '']),
    );
  }
}
