import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { EraseAccountCommand } from '#app/identity';
import { StatementQuery } from '#app/payouts';
import { AccountErrors } from '../../account.errors.js';
import { owedEarnings } from '../../domain/owed-earnings.js';
import { DeleteAccountCommand } from './delete-account.command.js';

/**
 * Refuses while the payee is still owed money (their payout method is needed to pay it), then
 * has identity erase the account; identity's outbox tells commerce to end subscriptions.
 * Ledger entries are never touched: they keep the anonymised owner id.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ auth, password, client }: DeleteAccountCommand): Promise<{ deleted_at: string }> {
    const statement = await this.queries.execute(new StatementQuery(auth.user.id));
    const owed = owedEarnings(statement.balances);
    if (owed.length > 0) throw AccountErrors.earningsPending(owed, statement.nextPayoutOn);
    return this.commands.execute(new EraseAccountCommand(auth, password, client));
  }
}
