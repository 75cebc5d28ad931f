import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, Clock, Outbox, type AppConfig } from '#app/platform';
import { assertRecentlyAuthenticated, ListUserFactorsQuery, type AuthContext } from '#app/identity';
import { checkPayoutMethod, normaliseIban, type PayoutMethodInput } from '../../domain/payout-method.js';
import { PayoutsErrors } from '../../payouts.errors.js';
import {
  removePayoutMethod,
  savePayoutMethod,
  type StoredPayoutMethod,
} from '../../repositories/payout-method.repository.js';

/** Sets (input) or removes (null) the caller's payout method. */
export class SetPayoutMethodCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly method: PayoutMethodInput | null,
  ) {
    super();
  }
}

/** Where the money goes, as the owner's email shows it (never the full IBAN). */
function describe(row: StoredPayoutMethod): string {
  return row.kind === 'bank'
    ? `bank account (IBAN ending ${row.iban!.slice(-4)}, paid in ${row.currency})`
    : `Solana wallet ${row.address!.slice(0, 4)}…${row.address!.slice(-4)}`;
}

/**
 * Where payouts go is what a session thief would change first: it needs a sign-in or second
 * factor from the last 10 minutes, an aal2 session when 2FA is on (a password alone is not
 * enough then), and every change or removal is emailed to the owner.
 */
@CommandHandler(SetPayoutMethodCommand)
export class SetPayoutMethodHandler implements ICommandHandler<SetPayoutMethodCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ auth, method }: SetPayoutMethodCommand): Promise<void> {
    const problems = method === null ? [] : checkPayoutMethod(method);
    if (problems.length > 0) throw PayoutsErrors.invalid(problems);
    const now = this.clock.now();
    assertRecentlyAuthenticated(auth.authenticatedAt, now);
    if (
      auth.claims.aal !== 'aal2' &&
      (await this.queries.execute(new ListUserFactorsQuery(auth.user.id))).some(
        (factor) => factor.status === 'verified',
      )
    ) {
      throw PayoutsErrors.secondFactorNeeded();
    }
    const userId = auth.user.id;
    await this.orm.em.fork().transactional(async (em) => {
      if (method === null) {
        const removed = await removePayoutMethod(em, userId);
        if (removed) this.mail(em, auth.user.email, 'payout-method-removed', describe(removed));
        return;
      }
      const row: StoredPayoutMethod =
        method.kind === 'bank'
          ? {
              kind: 'bank',
              account_holder: method.accountHolder.trim(),
              iban: normaliseIban(method.iban),
              currency: method.currency,
              network: null,
              address: null,
            }
          : {
              kind: 'crypto',
              account_holder: null,
              iban: null,
              currency: null,
              network: method.network,
              address: method.address,
            };
      await savePayoutMethod(em, userId, row, now);
      this.mail(em, auth.user.email, 'payout-method-changed', describe(row));
    });
  }

  private mail(
    em: EntityManager,
    to: string,
    template: 'payout-method-changed' | 'payout-method-removed',
    method: string,
  ): void {
    const url = this.config.PUBLIC_URL;
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template,
      variables: {
        method,
        billingUrl: `${url}/dashboard/billingandpayments`,
        forgotUrl: `${url}/forgot-password`,
        securityUrl: `${url}/dashboard/security`,
      },
    });
  }
}
