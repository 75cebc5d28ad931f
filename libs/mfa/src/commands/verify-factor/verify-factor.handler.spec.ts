import { beforeEach, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { ElevateSessionCommand } from '#app/identity';
import { CHALLENGE_LIFETIME_MS } from '../../domain/totp.js';
import { mfaKit, signedIn } from '../../testing/mfa-kit.js';
import { ChallengeFactorCommand } from '../challenge-factor/challenge-factor.command.js';
import { ChallengeFactorHandler } from '../challenge-factor/challenge-factor.handler.js';
import { EnrollFactorCommand } from '../enroll-factor/enroll-factor.command.js';
import { EnrollFactorHandler } from '../enroll-factor/enroll-factor.handler.js';
import { VerifyFactorCommand } from './verify-factor.command.js';
import { VerifyFactorHandler } from './verify-factor.handler.js';

const IP = '203.0.113.5';
let kit: ReturnType<typeof mfaKit>;
let verify: VerifyFactorHandler;
let challengeHandler: ChallengeFactorHandler;
let factor: { id: string; secret: string };

/** The code an authenticator shows `offsetSteps` 30-second steps from the clock's now. */
const codeAt = (offsetSteps = 0) =>
  generate({
    secret: factor.secret,
    epoch: Math.floor(kit.clock.now().getTime() / 1000) + offsetSteps * 30,
    period: 30,
    digits: 6,
    algorithm: 'sha1',
  });
/** A well-formed code that no step within the accepted skew shows. */
const wrongCode = async () => {
  const live = await Promise.all([-1, 0, 1].map(codeAt));
  return ['000000', '111111', '222222', '333333'].find((code) => !live.includes(code))!;
};
const challenge = async (ip = IP, userId = 'user-1') =>
  (await challengeHandler.execute(new ChallengeFactorCommand(userId, factor.id, ip))).id;
const verifyWith = async (code: string, challengeId?: string, ip = IP) =>
  verify.execute(
    new VerifyFactorCommand(signedIn('user-1'), factor.id, challengeId ?? (await challenge(ip)), code, ip),
  );
const stored = () => kit.repository.all().factors.find((entry) => entry.id === factor.id);

beforeEach(async () => {
  kit = mfaKit();
  verify = new VerifyFactorHandler(kit.repository, kit.clock, kit.kit, kit.bus);
  challengeHandler = new ChallengeFactorHandler(kit.repository, kit.clock, kit.kit);
  const enrolled = await new EnrollFactorHandler(kit.repository, kit.clock, kit.kit).execute(
    new EnrollFactorCommand(signedIn('user-1'), 'totp', 'phone'),
  );
  factor = { id: enrolled.id, secret: enrolled.totp.secret };
});

describe('challenging a factor', () => {
  it('answers a challenge that expires in 300 s and notes when the factor was last challenged', async () => {
    const answer = await challengeHandler.execute(new ChallengeFactorCommand('user-1', factor.id, IP));
    expect(answer).toEqual({
      id: expect.any(String),
      type: 'totp',
      expires_at: Math.floor((kit.clock.now().getTime() + CHALLENGE_LIFETIME_MS) / 1000),
    });
    expect(stored()?.lastChallengedAt).toEqual(kit.clock.now());
  });

  it("answers another user's factor like a missing one", async () => {
    await expect(challenge(IP, 'user-2')).rejects.toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(kit.repository.all().challenges).toEqual([]);
  });
});

describe('verifying a TOTP code', () => {
  it('verifies the factor on first use, mails that 2FA is on, lifts the session to aal2', async () => {
    expect(await verifyWith(await codeAt())).toEqual({ access_token: 'elevated' });
    expect(stored()).toMatchObject({ status: 'verified', updatedAt: kit.clock.now() });
    expect(kit.outbox.mailTemplates()).toEqual(['mfa-enabled']);
    expect(kit.commands.sent).toEqual([new ElevateSessionCommand('user-1', 'session-of-user-1', 'totp', factor.id)]);
  });

  it('accepts a code once: a replay, even against a new challenge, is refused', async () => {
    const code = await codeAt();
    await verifyWith(code);
    await expect(verifyWith(code)).rejects.toMatchObject({ code: 'mfa_verification_failed', message: /already used/ });
    expect(kit.outbox.mailTemplates()).toEqual(['mfa-enabled']);
  });

  it('accepts one step of clock skew either way and refuses two', async () => {
    await expect(verifyWith(await codeAt(-2))).rejects.toMatchObject({ code: 'mfa_verification_failed' });
    await expect(verifyWith(await codeAt(2))).rejects.toMatchObject({ code: 'mfa_verification_failed' });
    await expect(verifyWith(await codeAt(-1))).resolves.toBeDefined();
    await expect(verifyWith(await codeAt(1))).resolves.toBeDefined();
  });

  it('refuses a challenge older than 300 s, one from another address, and one already answered', async () => {
    const old = await challenge();
    kit.clock.advance(CHALLENGE_LIFETIME_MS + 1000);
    await expect(verifyWith(await codeAt(), old)).rejects.toMatchObject({ code: 'mfa_challenge_expired' });
    const elsewhere = await challenge('198.51.100.1');
    await expect(verifyWith(await codeAt(), elsewhere)).rejects.toMatchObject({ code: 'mfa_ip_address_mismatch' });
    const answered = await challenge();
    await verifyWith(await codeAt(), answered);
    kit.clock.advance(30_000);
    await expect(verifyWith(await codeAt(), answered)).rejects.toMatchObject({ code: 'mfa_ip_address_mismatch' });
  });

  it('refuses an empty code, an unknown challenge and a wrong code, changing nothing', async () => {
    await expect(verifyWith('')).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(verifyWith(await codeAt(), 'no-such-challenge')).rejects.toMatchObject({
      status: 422,
      code: 'mfa_factor_not_found',
    });
    await expect(verifyWith(await wrongCode())).rejects.toMatchObject({ code: 'mfa_verification_failed' });
    expect(stored()?.status).toBe('unverified');
    expect(kit.commands.sent).toEqual([]);
  });

  it('blocks a factor after five wrong codes, even for the right one', async () => {
    for (let n = 0; n < 5; n++) await expect(verifyWith(await wrongCode())).rejects.toMatchObject({ status: 422 });
    await expect(verifyWith(await codeAt())).rejects.toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(stored()?.status).toBe('unverified');
  });

  it("drops the user's other unfinished enrolments once a factor is verified", async () => {
    const enroll = new EnrollFactorHandler(kit.repository, kit.clock, kit.kit);
    await enroll.execute(new EnrollFactorCommand(signedIn('user-1'), 'totp', 'laptop'));
    await enroll.execute(new EnrollFactorCommand(signedIn('user-2'), 'totp', 'laptop'));
    await verifyWith(await codeAt());
    expect(
      kit.repository
        .all()
        .factors.map((entry) => [entry.userId, entry.friendlyName])
        .sort(),
    ).toEqual([
      ['user-1', 'phone'],
      ['user-2', 'laptop'],
    ]);
  });
});
