import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PrivateFiles } from '#app/platform';
import { EraseAccountCommand } from '#app/identity';
import { MfaErasure } from '#app/mfa';
import { RewardsErasure } from '#app/rewards';
import { ConsentErasure } from '#app/consent';
import { VerificationErasure } from '#app/verification';
import { MyContentQuery } from '#app/content-moderation';
import { OwedEarnings, StatementQuery } from '#app/payouts';
import { AccountErrors } from '../../account.errors.js';
import { AvatarErasure } from '../change-avatar/avatar-erasure.js';
import { DeleteAccountCommand } from './delete-account.command.js';

/**
 * Identity erases the account in one transaction (row locked, proof checked); inside it, before
 * anything is anonymised, the money is checked again under the payee's lock (a sale booked since
 * the preview is seen, and none can be booked until this commits), then every module's personal
 * data goes: second factors, the rewards wallet and Telegram name, ID checks (but what the law
 * makes us keep), consent records' IPs, the profile picture. Files are deleted after the commit.
 * Ledger entries are never touched: they keep the anonymised owner id. Identity's outbox tells
 * commerce to end subscriptions.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  private readonly logger = new Logger(DeleteAccountHandler.name);

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(OwedEarnings) private readonly earnings: OwedEarnings,
    @Inject(MfaErasure) private readonly mfa: MfaErasure,
    @Inject(RewardsErasure) private readonly rewards: RewardsErasure,
    @Inject(ConsentErasure) private readonly consent: ConsentErasure,
    @Inject(VerificationErasure) private readonly verification: VerificationErasure,
    @Inject(AvatarErasure) private readonly avatars: AvatarErasure,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
  ) {}

  async execute({ auth, password, client }: DeleteAccountCommand): Promise<{ deleted_at: string }> {
    const userId = auth.user.id;
    // Published content decides whether the ID record must be kept. Publication is never undone
    // (a takedown does not unpublish what was out), so reading it before the transaction is safe.
    const published = (await this.queries.execute(new MyContentQuery(userId))).some(
      (item) => item.status === 'approved' || item.status === 'removed',
    );
    const filesToDelete: string[] = [];
    const erase = async (em: EntityManager, id: string, now: Date) => {
      const owed = await this.earnings.lockAndRead(em, id);
      if (owed.length > 0)
        throw AccountErrors.earningsPending(owed, (await this.queries.execute(new StatementQuery(id))).nextPayoutOn);
      await this.mfa.eraseIn(em, id);
      await this.rewards.eraseIn(em, id, now);
      await this.consent.anonymiseIn(em, id);
      filesToDelete.push(...(await this.verification.eraseIn(em, id, now, published)));
      filesToDelete.push(...(await this.avatars.eraseIn(em, id)));
    };
    const result = await this.commands.execute(new EraseAccountCommand(auth, password, client, erase));
    for (const key of filesToDelete) {
      // Already erased from every row: a file left behind by a failing disk is nobody's and unreachable, but say so.
      await this.files
        .delete(key)
        .catch((error: unknown) =>
          this.logger.error(`could not delete ${key} of erased account ${userId}: ${String(error)}`),
        );
    }
    return result;
  }
}
