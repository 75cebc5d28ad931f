import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AuditLog, Clock, RateLimits, type AppConfig, type LimitRule } from '#app/platform';
import { Passwords } from '../auth/passwords.js';
import { IdentityErrors } from '../identity.errors.js';
import { SitePasswordRepository } from '../repositories/site-password.repository.js';

/** Name of the signed, HttpOnly cookie that unlocks the site for one browser. */
export const SITE_ACCESS_COOKIE = 'fanmint_site_access';
/** An unlock lasts 30 days or until the password changes, whichever comes first. */
export const SITE_ACCESS_MAX_AGE_SECONDS = 30 * 24 * 3600;
export const SITE_GATE_LIMITS = {
  /** Password guesses per address: a shared password is a small secret, so guessing is expensive. */
  unlockPerIp: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
} satisfies Record<string, LimitRule>;

interface GateState {
  /** Null when no site password is set: the site is open. */
  hash: string | null;
  /** Changes with every new password, so older unlock cookies stop working. */
  version: string | null;
  updatedAt: Date | null;
  readAt: number;
}

/**
 * The site-wide Coming Soon gate (SPEC §2, §4). The bcrypt hash lives in `site_password` (one row)
 * and never leaves the server; a correct password earns a cookie signed with a key derived from
 * JWT_SECRET and bound to the current password's version.
 */
@Injectable()
export class SiteGate {
  private readonly logger = new Logger('SiteGate');
  private readonly key: Buffer;
  /** How long this instance trusts its cached view of the gate before reading it again (SITE_GATE_CACHE_MS). */
  private readonly cacheMs: number;
  private state: GateState | null = null;
  private loading: Promise<GateState> | null = null;

  constructor(
    @Inject(SitePasswordRepository) private readonly passwordRow: SitePasswordRepository,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'fanmint', 'site-gate-cookie', 32));
    this.cacheMs = config.SITE_GATE_CACHE_MS;
  }

  /** The gate as this instance knows it, at most SITE_GATE_CACHE_MS (config) old. */
  async current(): Promise<GateState> {
    if (this.state && Date.now() - this.state.readAt < this.cacheMs) return this.state;
    this.loading ??= this.read().finally(() => (this.loading = null));
    return this.loading;
  }

  async isLocked(): Promise<boolean> {
    return (await this.current()).hash !== null;
  }

  /** True when the cookie value was issued for the password that is set now. */
  async admits(cookie: string | undefined): Promise<boolean> {
    const { version } = await this.current();
    if (version === null) return true;
    if (!cookie) return false;
    const expected = Buffer.from(this.sign(version));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Checks a password; returns the cookie value to set. Rate-limited per address. */
  async unlock(password: string, ip: string): Promise<string | null> {
    const { hash, version } = await this.current();
    if (hash === null || version === null) return null;
    await this.limits.consume('siteGateUnlockPerIp', SITE_GATE_LIMITS.unlockPerIp, ip);
    if (!(await this.passwords.compare(password, hash))) throw IdentityErrors.invalidSitePassword();
    const limiter = await this.limits.limiter('siteGateUnlockPerIp', SITE_GATE_LIMITS.unlockPerIp);
    await limiter.delete(ip).catch(() => undefined);
    return this.sign(version);
  }

  async set(password: string, actorId: string, ip: string): Promise<void> {
    const hash = await this.passwords.hash(password);
    await this.passwordRow.transaction(async (em) => {
      const { replaced } = await this.passwordRow.save(em, hash, this.clock.now(), actorId);
      await this.audit.record(em, {
        actorId,
        action: replaced ? 'site_password.changed' : 'site_password.set',
        targetType: 'site',
        targetId: 'site_password',
        details: { before: { enabled: replaced }, after: { enabled: true } },
        ipAddress: ip,
      });
    });
    this.state = null;
  }

  async clear(actorId: string, ip: string): Promise<boolean> {
    const removed = await this.passwordRow.transaction(async (em) => {
      const removed = await this.passwordRow.remove(em);
      if (removed) {
        await this.audit.record(em, {
          actorId,
          action: 'site_password.cleared',
          targetType: 'site',
          targetId: 'site_password',
          details: { before: { enabled: true }, after: { enabled: false } },
          ipAddress: ip,
        });
      }
      return removed;
    });
    this.state = null;
    return removed;
  }

  private sign(version: string): string {
    const mac = createHmac('sha256', this.key).update(version).digest('base64url');
    return `${version}.${mac}`;
  }

  private async read(): Promise<GateState> {
    try {
      const row = await this.passwordRow.read();
      const version = row
        ? createHash('sha256').update(`${row.hash}|${row.updatedAt.toISOString()}`).digest('base64url').slice(0, 16)
        : null;
      this.state = {
        hash: row?.hash ?? null,
        version,
        updatedAt: row?.updatedAt ?? null,
        readAt: Date.now(),
      };
      return this.state;
    } catch (error) {
      this.logger.error(`Could not read the site password: ${(error as Error).message}`);
      throw IdentityErrors.sitePasswordLookupFailed();
    }
  }
}
