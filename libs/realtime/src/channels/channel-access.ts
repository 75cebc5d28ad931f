import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppError, Clock, type AppConfig } from '#app/platform';
import { BearerGuard, isStaffSession, type AuthContext } from '#app/identity';
import type { TopicAccess } from '../realtime.ports.js';
import { Refusal, Refusals } from '../protocol/reasons.js';
import type { ChannelIdentity } from '../transport/subscription.js';
import { TopicPolicyRegistry } from './topic-policy.registry.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const SERVER_ONLY: TopicAccess = { write: false, presence: true };
const FULL: TopicAccess = { write: true, presence: true };

export interface Authorized {
  identity: ChannelIdentity;
  access: TopicAccess;
}

/**
 * Who may do what on a channel (contract §6): the access token checked by identity's bearer check
 * (signature, expiry, user and session still there), then the topic's rule: `user:<sub>` and
 * `staff:moderation` here, other prefixes through the policies modules registered.
 */
@Injectable()
export class ChannelAccess {
  private readonly logger = new Logger('RealtimeAccess');

  constructor(
    @Inject(BearerGuard) private readonly bearer: BearerGuard,
    @Inject(TopicPolicyRegistry) private readonly policies: TopicPolicyRegistry,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The token's user and what they may do on `topic` (a sub-topic), or the refusal in upstream's words. */
  async authorize(token: unknown, topic: string): Promise<Authorized | Refusal> {
    const auth = await this.authenticate(token);
    // No user, or one whose session is gone: upstream's "not allowed to read" (token faults keep their own codes).
    if (auth === null || (auth instanceof Refusal && auth.code === 'Unauthorized')) return Refusals.cannotRead(topic);
    if (auth instanceof Refusal) return auth;
    const access = await this.topicAccess(auth, topic);
    if (!access) return Refusals.cannotRead(topic);
    return {
      identity: {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        token: auth.accessToken,
        expiresAt: auth.claims.exp,
      },
      access,
    };
  }

  /** The anon key, a publishable key (`sb_…`), or nothing at all: no user. */
  isNoUser(token: unknown): boolean {
    return (
      typeof token !== 'string' ||
      token === '' ||
      token.startsWith('sb_') ||
      this.config.PUBLIC_ANON_KEY.includes(token)
    );
  }

  /** The user behind an access token (signature, expiry, user and session still there); null when there is no user. */
  async authenticate(token: unknown): Promise<AuthContext | Refusal | null> {
    if (this.isNoUser(token)) return null;
    const jwt = token as string;
    if (!JWT_SHAPE.test(jwt)) return Refusals.malformedJwt();
    let auth: AuthContext;
    try {
      auth = await this.bearer.authenticate(`Bearer ${jwt}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return this.tokenRefusal(error, jwt);
    }
    return auth.claims.role === 'authenticated' ? auth : Refusals.notAuthenticated();
  }

  /** Identity's refusal (the bad_jwt detail of the auth contract) in realtime's codes. */
  private tokenRefusal(error: AppError, token: string): Refusal {
    if (error.code !== 'bad_jwt') return Refusals.notAuthenticated(error.message);
    if (error.message.endsWith('token is expired')) return Refusals.expired(this.secondsSinceExpiry(token));
    if (/signature verification failed|"alg"/.test(error.message)) return Refusals.badSignature();
    if (/Compact JWS|Protected Header|Claims Set|must be a number/.test(error.message)) return Refusals.malformedJwt();
    return Refusals.notAuthenticated(error.message);
  }

  private secondsSinceExpiry(token: string): number {
    try {
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp?: unknown };
      return typeof exp === 'number' ? Math.max(0, Math.floor(this.clock.now().getTime() / 1000) - exp) : 0;
    } catch {
      return 0;
    }
  }

  /** What the user may do on `topic`, or null when the topic is not theirs to read. */
  async topicAccess(auth: AuthContext, topic: string): Promise<TopicAccess | null> {
    const colon = topic.indexOf(':');
    if (colon <= 0) return null;
    const prefix = topic.slice(0, colon);
    const id = topic.slice(colon + 1);
    if (prefix === 'user') return id === auth.user.id ? SERVER_ONLY : null;
    if (prefix === 'staff') return id === 'moderation' && isStaffSession(auth) ? FULL : null;
    const policy = this.policies.find(prefix);
    if (!policy || !UUID.test(id)) return null;
    try {
      return await policy.access(auth.user.id, id);
    } catch (error) {
      this.logger.warn(`the '${prefix}' policy failed; join refused: ${(error as Error).message}`);
      return null;
    }
  }
}
