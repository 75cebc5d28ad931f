import { Inject, Injectable } from '@nestjs/common';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { FlowState } from '../entities/flow-state.entity.js';
import type { OneTimeTokenKind } from '../entities/one-time-token.entity.js';
import { parseCodeChallenge, verifierMatches, type CodeChallenge } from '../domain/pkce.js';
import { hashToken, newSecureToken } from '../domain/secure-token.js';
import { IdentityErrors } from '../identity.errors.js';

/** GoTrue's flow-state expiry: an auth code must be exchanged within five minutes of the link. */
export const AUTH_CODE_LIFETIME_MS = 300_000;

/** PKCE email flows: record the challenge, turn a redeemed link into an auth code, exchange it once. */
@Injectable()
export class FlowStates {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  /** The request's code challenge, or null for the implicit flow; throws the contract's 400 when malformed. */
  static challengeOf(challenge: unknown, method: unknown): CodeChallenge | null {
    const parsed = parseCodeChallenge(challenge, method);
    if (parsed === 'incomplete') throw IdentityErrors.pkceIncomplete();
    if (parsed === 'bad_challenge') throw IdentityErrors.pkceBadChallenge();
    if (parsed === 'bad_method') throw IdentityErrors.pkceBadMethod();
    return parsed;
  }

  /** Starts a flow for `userId` (caller flushes). */
  start(em: EntityManager, userId: string, kind: OneTimeTokenKind, pkce: CodeChallenge): FlowState {
    const flow = em.create(FlowState, {
      userId,
      kind,
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
      createdAt: this.clock.now(),
    } as never);
    em.persist(flow);
    return flow;
  }

  /** Called when the flow's email link is redeemed: mints the one-use auth code the redirect carries. */
  async issueCode(em: EntityManager, flowStateId: string): Promise<string> {
    const flow = await em.findOneOrFail(FlowState, flowStateId);
    const { token, hash } = newSecureToken();
    flow.authCodeHash = hash;
    flow.authCodeIssuedAt = this.clock.now();
    return token;
  }

  /** Exchanges an auth code and its verifier, once, within five minutes; returns the flow (caller's transaction). */
  async exchange(em: EntityManager, authCode: string, verifier: string): Promise<FlowState> {
    if (authCode.length > 200) throw IdentityErrors.flowStateNotFound();
    const flow = await em.findOne(
      FlowState,
      { authCodeHash: hashToken(authCode), usedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!flow?.authCodeIssuedAt) throw IdentityErrors.flowStateNotFound();
    if (this.clock.now().getTime() - flow.authCodeIssuedAt.getTime() > AUTH_CODE_LIFETIME_MS)
      throw IdentityErrors.flowStateExpired();
    if (!verifierMatches({ challenge: flow.codeChallenge, method: flow.codeChallengeMethod }, verifier))
      throw IdentityErrors.badCodeVerifier();
    flow.usedAt = this.clock.now();
    return flow;
  }
}
