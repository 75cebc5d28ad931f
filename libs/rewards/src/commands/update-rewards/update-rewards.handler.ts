import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { checkSolanaAddress, checkTelegramUsername } from '../../domain/reward-handles.js';
import { RewardsErrors } from '../../rewards.errors.js';
import { GetRewardsQuery, type RewardsView } from '../../queries/get-rewards/get-rewards.query.js';
import { UpdateRewardsCommand } from './update-rewards.command.js';

@CommandHandler(UpdateRewardsCommand)
export class UpdateRewardsHandler implements ICommandHandler<UpdateRewardsCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId, field, value }: UpdateRewardsCommand): Promise<RewardsView> {
    const normalised = value === null ? null : this.check(field, value);
    const now = this.clock.now();
    const connection = this.orm.em.getConnection();
    const column = field === 'wallet' ? 'wallet_address' : 'telegram_username';
    try {
      if (normalised === null) {
        await connection.execute(
          `update user_rewards set ${column} = null${field === 'wallet' ? ', wallet_added_at = null' : ''}, updated_at = ? where user_id = ?`,
          [now, userId],
        );
      } else if (field === 'wallet') {
        // Re-saving the same wallet keeps its first date: eligibility depends on when it was added.
        await connection.execute(
          `insert into user_rewards (user_id, wallet_address, wallet_added_at, created_at, updated_at) values (?, ?, ?, ?, ?)
           on conflict (user_id) do update set
             wallet_added_at = case when user_rewards.wallet_address is distinct from excluded.wallet_address
                                    then excluded.wallet_added_at else user_rewards.wallet_added_at end,
             wallet_address = excluded.wallet_address, updated_at = excluded.updated_at`,
          [userId, normalised, now, now, now],
        );
      } else {
        await connection.execute(
          `insert into user_rewards (user_id, telegram_username, created_at, updated_at) values (?, ?, ?, ?)
           on conflict (user_id) do update set telegram_username = excluded.telegram_username, updated_at = excluded.updated_at`,
          [userId, normalised, now, now],
        );
      }
    } catch (error) {
      // The primary key conflict is the upsert's; any other unique violation is the wallet or username of another account.
      if (error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === '23505') {
        throw field === 'wallet' ? RewardsErrors.walletTaken() : RewardsErrors.telegramTaken();
      }
      throw error;
    }
    return this.queries.execute(new GetRewardsQuery(userId));
  }

  private check(field: UpdateRewardsCommand['field'], value: string): string {
    const result = field === 'wallet' ? checkSolanaAddress(value) : checkTelegramUsername(value);
    if (!result.ok)
      throw RewardsErrors.invalid(field === 'wallet' ? 'walletAddress' : 'telegramUsername', result.message);
    return result.value;
  }
}
