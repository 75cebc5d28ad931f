import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { Session } from '../../entities/session.entity.js';
import { User } from '../../entities/user.entity.js';
import { AmrClaim } from '../../entities/amr-claim.entity.js';
import { RefreshToken } from '../../entities/refresh-token.entity.js';
import { IdentityErrors } from '../../identity.errors.js';
import { SessionIssuer, type SessionResponse } from '../../auth/session-issuer.js';
import { ElevateSessionCommand } from './elevate-session.command.js';

/**
 * Contract §7 step 3-4: the session becomes aal2 with the new method in its claims, its refresh
 * token rotates (the old aal1 one cannot mint aal2 sessions), and the user's other aal1 sessions end.
 */
@CommandHandler(ElevateSessionCommand)
export class ElevateSessionHandler implements ICommandHandler<ElevateSessionCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
  ) {}

  async execute({ userId, sessionId, method, factorId }: ElevateSessionCommand): Promise<SessionResponse> {
    return this.orm.em.fork().transactional(async (em) => {
      const session = await em.findOne(Session, { id: sessionId, userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!session) throw IdentityErrors.sessionNotFound();
      const user = await em.findOneOrFail(User, userId);
      const now = this.clock.now();
      const claim = await em.findOne(AmrClaim, { sessionId, authenticationMethod: method });
      if (claim) claim.updatedAt = now;
      else
        em.persist(
          em.create(AmrClaim, { sessionId, authenticationMethod: method, createdAt: now, updatedAt: now } as never),
        );
      session.aal = 'aal2';
      session.factorId = factorId;
      session.refreshedAt = now;
      session.authenticatedAt = now;
      // Deleted, not revoked: a revoked token could still be replayed within the reuse window.
      await em.nativeDelete(RefreshToken, { sessionId });
      const refreshToken = this.sessions.mintRefreshToken(em, session, null);
      await em.nativeDelete(Session, { userId, aal: 'aal1', id: { $ne: sessionId } });
      await em.flush();
      return this.sessions.respond(em, user, session, refreshToken);
    });
  }
}
