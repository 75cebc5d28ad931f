import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Outbox } from '#app/platform';
import { requireEmail } from '../../domain/email.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FlowStates } from '../../auth/flow-states.js';
import { RecoverPasswordCommand } from './recover-password.command.js';

/**
 * Asks the worker to mail a one-hour, single-use reset link. The request path never looks the
 * address up: it writes one outbox row for any address, so known and unknown ones take the same time.
 */
@CommandHandler(RecoverPasswordCommand)
export class RecoverPasswordHandler implements ICommandHandler<RecoverPasswordCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
  ) {}

  async execute({
    email: rawEmail,
    redirectTo,
    client,
    codeChallenge,
    codeChallengeMethod,
  }: RecoverPasswordCommand): Promise<void> {
    const email = requireEmail(rawEmail, IdentityErrors.missingEmailOrPhone, IdentityErrors.invalidEmail);
    const pkce = FlowStates.challengeOf(codeChallenge, codeChallengeMethod);
    await this.limits.spendEmailAllowance('recover', email, client.ip);
    const em = this.orm.em.fork();
    this.outbox.enqueue(em, 'notifications', 'send-email-link', {
      kind: 'recovery',
      email,
      redirectTo: redirectTo ?? null,
      codeChallenge: pkce,
    });
    await em.flush();
  }
}
