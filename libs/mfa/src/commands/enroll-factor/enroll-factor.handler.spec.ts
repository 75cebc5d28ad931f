import { beforeEach, describe, expect, it } from '@jest/globals';
import { CHALLENGE_LIFETIME_MS } from '../../domain/totp.js';
import { mfaKit, signedIn } from '../../testing/mfa-kit.js';
import type { Factor } from '../../repositories/mfa.repository.js';
import { EnrollFactorCommand } from './enroll-factor.command.js';
import { EnrollFactorHandler } from './enroll-factor.handler.js';

let kit: ReturnType<typeof mfaKit>;
let handler: EnrollFactorHandler;

beforeEach(() => {
  kit = mfaKit();
  handler = new EnrollFactorHandler(kit.repository, kit.clock, kit.kit);
});

const enroll = (name: string, aal: 'aal1' | 'aal2' = 'aal1', userId = 'user-1') =>
  handler.execute(new EnrollFactorCommand(signedIn(userId, aal), 'totp', name));
const factors = () => kit.repository.all().factors;
const stored = (factor: Partial<Factor> & Pick<Factor, 'id' | 'friendlyName'>): Promise<void> =>
  kit.repository.transaction((em) =>
    kit.repository.addFactor(em, {
      userId: 'user-1',
      status: 'unverified',
      secretEncrypted: 'sealed',
      lastChallengedAt: null,
      createdAt: kit.clock.now(),
      updatedAt: kit.clock.now(),
      ...factor,
    }),
  );

describe('enrolling a TOTP factor', () => {
  it('answers the secret, its otpauth URI with every parameter and a raw SVG QR code; stores the secret sealed', async () => {
    const answer = await enroll('phone');
    expect(answer).toMatchObject({ type: 'totp', friendly_name: 'phone' });
    expect(answer.totp.uri).toBe(
      `otpauth://totp/fanmint.test:user-1%40example.test?algorithm=SHA1&digits=6&issuer=fanmint.test&period=30&secret=${answer.totp.secret}`,
    );
    expect(answer.totp.qr_code.startsWith('<svg')).toBe(true);
    const [factor] = factors();
    expect(factor).toMatchObject({ id: answer.id, userId: 'user-1', status: 'unverified', createdAt: kit.clock.now() });
    expect(factor.secretEncrypted).not.toContain(answer.totp.secret);
    expect(kit.kit.secrets.open(factor.secretEncrypted)).toBe(answer.totp.secret);
  });

  it('refuses any other factor type', async () => {
    await expect(handler.execute(new EnrollFactorCommand(signedIn('user-1'), 'phone', 'x'))).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    expect(factors()).toEqual([]);
  });

  it("refuses a name the user already gave a factor, but not another user's", async () => {
    await enroll('phone');
    await expect(enroll('phone')).rejects.toMatchObject({ code: 'mfa_factor_name_conflict' });
    await enroll('phone', 'aal1', 'user-2');
    expect(factors()).toHaveLength(2);
  });

  it('holds at most ten factors per user', async () => {
    for (let n = 0; n < 10; n++) await enroll(`key ${n}`);
    await expect(enroll('one more')).rejects.toMatchObject({ code: 'too_many_enrolled_mfa_factors' });
    expect(factors()).toHaveLength(10);
  });

  it('asks for an aal2 session once a verified factor exists', async () => {
    await stored({ id: 'verified', friendlyName: 'phone', status: 'verified' });
    await expect(enroll('laptop')).rejects.toMatchObject({ status: 403, code: 'insufficient_aal' });
    await expect(enroll('laptop', 'aal2')).resolves.toMatchObject({ friendly_name: 'laptop' });
  });

  it('first clears enrolments abandoned before a challenge, keeping recent and challenged ones', async () => {
    const old = new Date(kit.clock.now().getTime() - CHALLENGE_LIFETIME_MS - 1000);
    await stored({ id: 'abandoned', friendlyName: 'abandoned', createdAt: old });
    await stored({ id: 'challenged', friendlyName: 'challenged', createdAt: old });
    await stored({ id: 'recent', friendlyName: 'recent' });
    await kit.repository.transaction((em) =>
      kit.repository.addChallenge(em, {
        id: 'challenge',
        factorId: 'challenged',
        ipAddress: '203.0.113.5',
        createdAt: old,
        verifiedAt: null,
      }),
    );
    // The abandoned one no longer blocks its name.
    await enroll('abandoned');
    expect(
      factors()
        .map((factor) => factor.friendlyName)
        .sort(),
    ).toEqual(['abandoned', 'challenged', 'recent']);
    expect(factors().some((factor) => factor.id === 'abandoned')).toBe(false);
  });
});
