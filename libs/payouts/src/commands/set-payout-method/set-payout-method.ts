import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { checkPayoutMethod, normaliseIban, type PayoutMethodInput } from '../../domain/payout-method.js';
import { PayoutsErrors } from '../../payouts.errors.js';

/** Sets (input) or removes (null) the caller's payout method. */
export class SetPayoutMethodCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly method: PayoutMethodInput | null,
  ) {
    super();
  }
}

@CommandHandler(SetPayoutMethodCommand)
export class SetPayoutMethodHandler implements ICommandHandler<SetPayoutMethodCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, method }: SetPayoutMethodCommand): Promise<void> {
    const em = this.orm.em.fork();
    if (method === null) {
      await em.execute(`delete from payout_methods where user_id = ?`, [userId]);
      return;
    }
    const problems = checkPayoutMethod(method);
    if (problems.length > 0) throw PayoutsErrors.invalid(problems);
    const row =
      method.kind === 'bank'
        ? { kind: 'bank', account_holder: method.accountHolder.trim(), iban: normaliseIban(method.iban), currency: method.currency, network: null, address: null }
        : { kind: 'crypto', account_holder: null, iban: null, currency: null, network: method.network, address: method.address };
    await em.execute(
      `insert into payout_methods (user_id, kind, account_holder, iban, currency, network, address, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id) do update set kind = excluded.kind, account_holder = excluded.account_holder, iban = excluded.iban, currency = excluded.currency,
         network = excluded.network, address = excluded.address, updated_at = excluded.updated_at`,
      [userId, row.kind, row.account_holder, row.iban, row.currency, row.network, row.address, this.clock.now()],
    );
  }
}
