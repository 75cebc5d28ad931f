import { beforeEach, describe, expect, it } from '@jest/globals';
import { FixedClock, loadConfig } from '#app/platform';
import { Passwords } from '../../auth/passwords.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import type { FactorJson } from '../../domain/user-json.js';
import { InMemoryReauthenticationRepository } from '../../testing/in-memory-reauthentication.repository.js';
import { MemoryRateLimits } from '#app/platform';
import { ReauthenticateCommand } from './reauthenticate.command.js';
import { ReauthenticateHandler } from './reauthenticate.handler.js';

const PASSWORD = 'Fanmint-Test-9!';
const signedInAt = new Date('2030-07-01T08:00:00.000Z');
const config = loadConfig({
  PUBLIC_URL: 'https://fanmint.test',
  DATABASE_URL: 'postgres://unused/none',
  SMTP_URL: 'smtp://unused',
  JWT_SECRET: 'a-secret-for-specs-only-long-enough-0123456789',
  BCRYPT_COST: '4',
});
const passwords = new Passwords(config);
let clock: FixedClock;
let accounts: InMemoryReauthenticationRepository;
let factors: FactorJson[];
let handler: ReauthenticateHandler;

beforeEach(async () => {
  clock = new FixedClock(new Date('2030-07-01T09:00:00.000Z'));
  accounts = new InMemoryReauthenticationRepository();
  accounts.addAccount('user-1', await passwords.hash(PASSWORD));
  accounts.addSession('user-1', 'session-1', signedInAt);
  accounts.addSession('user-2', 'session-2', signedInAt);
  factors = [];
  const limits = new IdentityLimits(new MemoryRateLimits(config));
  handler = new ReauthenticateHandler(accounts, clock, passwords, limits, { forUser: async () => factors });
});

const reauthenticate = (password: string, sessionId = 'session-1', ip = '203.0.113.5') =>
  handler.execute(new ReauthenticateCommand('user-1', sessionId, password, { ip, userAgent: 'Browser/1.0' }));

describe('re-authenticating with the password', () => {
  it("makes now the session's authentication time", async () => {
    expect(await reauthenticate(PASSWORD)).toEqual({ authenticated_at: clock.now().toISOString() });
    expect(accounts.authenticatedAt('session-1')).toEqual(clock.now());
  });

  it('refuses a wrong password, leaving the session as it was', async () => {
    await expect(reauthenticate('wrong')).rejects.toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(accounts.authenticatedAt('session-1')).toEqual(signedInAt);
  });

  it('locks the account from that address after five wrong passwords, even for the right one; another address is not locked', async () => {
    for (let n = 0; n < 4; n++)
      await expect(reauthenticate('wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(reauthenticate('wrong')).rejects.toMatchObject({ status: 429, code: 'account_locked' });
    await expect(reauthenticate(PASSWORD)).rejects.toMatchObject({ code: 'account_locked' });
    expect(accounts.authenticatedAt('session-1')).toEqual(signedInAt);
    await expect(reauthenticate(PASSWORD, 'session-1', '198.51.100.9')).resolves.toBeDefined();
  });

  it('forgets earlier failures once the password is right', async () => {
    for (let n = 0; n < 4; n++)
      await expect(reauthenticate('wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await reauthenticate(PASSWORD);
    for (let n = 0; n < 4; n++)
      await expect(reauthenticate('wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(reauthenticate(PASSWORD)).resolves.toBeDefined();
  });

  it('asks for a code from the authenticator instead once 2FA is on', async () => {
    factors = [{ status: 'verified' } as FactorJson];
    await expect(reauthenticate(PASSWORD)).rejects.toMatchObject({
      status: 403,
      code: 'mfa_reauthentication_required',
    });
    expect(accounts.authenticatedAt('session-1')).toEqual(signedInAt);
  });

  it("refuses a session that is not the caller's", async () => {
    await expect(reauthenticate(PASSWORD, 'session-2')).rejects.toMatchObject({
      status: 403,
      code: 'session_not_found',
    });
    expect(accounts.authenticatedAt('session-2')).toEqual(signedInAt);
  });
});
