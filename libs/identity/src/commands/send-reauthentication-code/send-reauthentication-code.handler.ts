import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { SendReauthenticationCodeCommand } from './send-reauthentication-code.command.js';

/**
 * The code goes to the address on file, so only its owner can read it; a new code voids the
 * earlier one. Hourly per account, not per minute, so asking again after a typo works.
 */
@CommandHandler(SendReauthenticationCodeCommand)
export class SendReauthenticationCodeHandler implements ICommandHandler<SendReauthenticationCodeCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
  ) {}

  async execute({ userId, client }: SendReauthenticationCodeCommand): Promise<Record<string, never>> {
    await this.limits.consume('emailPerIp', client.ip);
    await this.limits.consume('emailPerAddressHourly', `reauthentication:${userId}`);
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(User, userId);
    this.mailer.reauthenticationCode(em, user.email, await this.tokens.issueCode(em, user.id, 'reauthentication'));
    await em.flush();
    return {};
  }
}
