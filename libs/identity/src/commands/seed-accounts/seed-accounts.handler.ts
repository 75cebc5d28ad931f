import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { normalizeEmail } from '../../domain/email.js';
import { Passwords } from '../../auth/passwords.js';
import { SeedAccountsCommand, type SeedAccount } from './seed-accounts.command.js';

@CommandHandler(SeedAccountsCommand)
export class SeedAccountsHandler implements ICommandHandler<SeedAccountsCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Passwords) private readonly passwords: Passwords,
  ) {}

  async execute({ accounts }: SeedAccountsCommand): Promise<SeedAccount[]> {
    const em = this.orm.em.fork();
    const now = this.clock.now();
    for (const account of accounts) {
      const email = normalizeEmail(account.email);
      if (await em.findOne(User, { email })) continue;
      this.passwords.assertAcceptable(account.password);
      em.persist(
        em.create(User, {
          email,
          appRole: account.role,
          encryptedPassword: await this.passwords.hash(account.password),
          emailConfirmedAt: now,
          userMetadata: {
            terms_accepted: true,
            terms_version: '1.0.0',
            privacy_version: '1.0.0',
            marketing_consent: false,
            marketing_version: null,
            consent_timestamp: now.toISOString(),
          },
        } as never),
      );
    }
    await em.flush();
    return accounts;
  }
}
