import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Outbox } from '#app/platform';
import { requireEmail } from '../../domain/email.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FlowStates } from '../../auth/flow-states.js';
import { ResendConfirmationCommand } from './resend-confirmation.command.js';

/**
 * Asks the worker to mail a fresh confirmation link (retiring the previous one) if the address has
 * an unconfirmed account. Like recover, the request path only writes an outbox row, for any address.
 */
@CommandHandler(ResendConfirmationCommand)
export class ResendConfirmationHandler implements ICommandHandler<ResendConfirmationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
  ) {}

  async execute({
    email: rawEmail,
    type,
    client,
    redirectTo,
    codeChallenge,
    codeChallengeMethod,
  }: ResendConfirmationCommand): Promise<void> {
    if (type !== 'signup') throw IdentityErrors.unsupportedVerifyType(String(type));
    const email = requireEmail(rawEmail, IdentityErrors.missingEmailOrPhone, IdentityErrors.invalidEmail);
    const pkce = FlowStates.challengeOf(codeChallenge, codeChallengeMethod);
    await this.limits.spendEmailAllowance('resend', email, client.ip);
    const em = this.orm.em.fork();
    this.outbox.enqueue(em, 'notifications', 'send-email-link', {
      kind: 'signup',
      email,
      redirectTo: redirectTo ?? null,
      codeChallenge: pkce,
    });
    await em.flush();
  }
}
