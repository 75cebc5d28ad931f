import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { RefreshToken } from '../../entities/refresh-token.entity.js';
import { Session } from '../../entities/session.entity.js';
import { User } from '../../entities/user.entity.js';
import { hashToken } from '../../domain/secure-token.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { SessionIssuer, type SessionResponse } from '../../auth/session-issuer.js';
import { RefreshSessionCommand } from './refresh-session.command.js';

/** A revoked token presented again within this window is treated as a lost response or a tab race. */
export const REFRESH_REUSE_INTERVAL_MS = 10_000;

/**
 * Rotates a refresh token. A token that was already rotated, presented outside the reuse
 * interval, is taken as stolen: the whole session and every token in it are revoked.
 */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
  ) {}

  async execute({ refreshToken, client }: RefreshSessionCommand): Promise<SessionResponse> {
    if (!refreshToken || refreshToken.length < 12) throw IdentityErrors.refreshTokenInvalid();
    await this.limits.consume('refreshPerIp', client.ip);

    const outcome = await this.orm.em.fork().transactional(async (em) => {
      const token = await em.findOne(
        RefreshToken,
        { tokenHash: hashToken(refreshToken) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!token) throw IdentityErrors.refreshTokenNotFound();
      const session = await em.findOne(Session, token.sessionId);
      if (!session) throw IdentityErrors.refreshSessionMissing();
      const user = await em.findOneOrFail(User, session.userId);
      const now = this.clock.now();

      if (token.revoked) {
        const withinInterval = now.getTime() - token.updatedAt.getTime() <= REFRESH_REUSE_INTERVAL_MS;
        if (!withinInterval) {
          await em.nativeDelete(Session, { id: session.id });
          return { reused: true as const };
        }
        // Retire whichever child is live so the session keeps exactly one usable token.
        await em.nativeUpdate(
          RefreshToken,
          { sessionId: session.id, revoked: false },
          { revoked: true, updatedAt: now },
        );
      } else {
        token.revoked = true;
        token.updatedAt = now;
      }
      const next = this.sessions.mintRefreshToken(em, session, token.tokenHash);
      session.refreshedAt = now;
      await em.flush();
      return { reused: false as const, response: await this.sessions.respond(em, user, session, next) };
    });
    if (outcome.reused) throw IdentityErrors.refreshTokenAlreadyUsed();
    return outcome.response;
  }
}
