import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { checkSolanaAddress, checkTelegramUsername } from '../../domain/reward-handles.js';
import { RewardsErrors } from '../../rewards.errors.js';
import { GetRewardsQuery, type RewardsView } from '../../queries/get-rewards/get-rewards.query.js';
import {
  clearRewardsTelegram,
  clearRewardsWallet,
  saveRewardsTelegram,
  saveRewardsWallet,
} from '../../repositories/user-rewards.repository.js';
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
    const em = this.orm.em.fork();
    try {
      if (field === 'wallet')
        await (normalised === null
          ? clearRewardsWallet(em, userId, now)
          : saveRewardsWallet(em, userId, normalised, now));
      else
        await (normalised === null
          ? clearRewardsTelegram(em, userId, now)
          : saveRewardsTelegram(em, userId, normalised, now));
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
