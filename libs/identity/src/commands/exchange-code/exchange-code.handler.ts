import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { IdentityErrors } from '../../identity.errors.js';
import { FlowStates } from '../../auth/flow-states.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { SessionIssuer, type SessionResponse } from '../../auth/session-issuer.js';
import { ExchangeCodeCommand } from './exchange-code.command.js';

/** Exchanges a PKCE auth code for a session: once, within five minutes, only with the matching verifier. */
@CommandHandler(ExchangeCodeCommand)
export class ExchangeCodeHandler implements ICommandHandler<ExchangeCodeCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(FlowStates) private readonly flows: FlowStates,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
  ) {}

  async execute({ authCode, codeVerifier, client }: ExchangeCodeCommand): Promise<SessionResponse> {
    if (!authCode || !codeVerifier) throw IdentityErrors.pkceExchangeIncomplete();
    await this.limits.consume('verifyPerIp', client.ip);
    return this.orm.em.fork().transactional(async (em) => {
      const flow = await this.flows.exchange(em, authCode, codeVerifier);
      const user = await em.findOneOrFail(User, flow.userId);
      return this.sessions.open(em, user, flow.kind === 'recovery' ? 'recovery' : 'otp', client);
    });
  }
}
