import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { GoTrueClient } from '@supabase/auth-js';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  authClient,
  changeRole,
  FixedClock,
  signedInUser,
  staffSession,
  startTestPlatform,
  type TestPlatform,
} from '#app/testing';

const OATHTOOL = '/usr/bin/oathtool';
if (!existsSync(OATHTOOL) && process.env.CI === 'true')
  throw new Error('oathtool is required in CI (apt-get install oathtool)');
const describeWithOathtool = existsSync(OATHTOOL) ? describe : describe.skip;
if (!existsSync(OATHTOOL)) console.warn('oathtool not installed: the TOTP suite is skipped (apt-get install oathtool)');

let platform: TestPlatform;
/**
 * Now, 10 s into a 30 s TOTP step (the skew tests step from there). Not a fixed date: the official
 * client compares a session's expiry with the real time, so tokens issued at a date more than an hour
 * back look expired to it and it refreshes instead of asking the server.
 */
const clock = new FixedClock(new Date(Math.floor(Date.now() / 30_000) * 30_000 + 10_000));

/** A code from an independent implementation (Debian's oathtool) for the clock's time, shifted by `steps`. */
function oathtool(secret: string, steps = 0): string {
  const at = new Date(clock.now().getTime() + steps * 30_000).toISOString().replace('T', ' ').replace(/\..*/, ' UTC');
  return execFileSync(OATHTOOL, ['--totp', '--base32', '--now', at, secret]).toString().trim();
}

async function enable(client: GoTrueClient) {
  const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
  expect(enrolled.error).toBeNull();
  const { id, totp } = enrolled.data!;
  const challenge = await client.mfa.challenge({ factorId: id });
  const verified = await client.mfa.verify({
    factorId: id,
    challengeId: challenge.data!.id,
    code: oathtool(totp.secret),
  });
  expect(verified.error).toBeNull();
  return { factorId: id, secret: totp.secret };
}

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});

afterAll(async () => {
  await platform?.close();
});

describeWithOathtool('two-factor authentication through the official client', () => {
  it('enrolls a TOTP factor with a raw-SVG QR code, our issuer and the contract parameters', async () => {
    const { client, email } = await signedInUser(platform);
    const { data, error } = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.friendly_name).toBe('Authenticator App');
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/127.0.0.1:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      secret: data!.totp.secret,
    });

    const factors = await client.mfa.listFactors();
    expect(factors.data!.all).toHaveLength(1);
    expect(factors.data!.all[0]).toMatchObject({ status: 'unverified', factor_type: 'totp' });
    expect(factors.data!.totp).toHaveLength(0);
    const again = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    expect(again.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('answers enrolments racing on one friendly name with one factor and name conflicts, never a 500', async () => {
    const { client } = await signedInUser(platform);
    const token = (await client.getSession()).data.session!.access_token;
    // Raw requests: the official client queues its own calls one after another.
    const enroll = () =>
      fetch(`${platform.baseUrl}/auth/v1/factors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ factor_type: 'totp', friendly_name: 'Racing App' }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code?: string } }));
    const results = await Promise.all(Array.from({ length: 20 }, enroll));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 200)) {
      expect(result).toMatchObject({ status: 422, body: { code: 'mfa_factor_name_conflict' } });
    }
    const factors = await client.mfa.listFactors();
    expect(factors.data!.all.filter((factor) => factor.friendly_name === 'Racing App')).toHaveLength(1);
  });

  it('verifies a code from oathtool: aal2 session, rotated refresh token, other aal1 sessions ended', async () => {
    const account = await signedInUser(platform);
    const other = authClient(platform.baseUrl, account.ip);
    await other.signInWithPassword({ email: account.email, password: account.password });
    const before = (await account.client.getSession()).data.session!;

    const enrolled = await account.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    const challenge = await account.client.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.data!.expires_at).toBe(Math.floor(clock.now().getTime() / 1000) + 300);
    const wrong = await account.client.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: '000000' === oathtool(enrolled.data!.totp.secret) ? '111111' : '000000',
    });
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');

    const verified = await account.client.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: oathtool(enrolled.data!.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(verified.data!.refresh_token).not.toBe(before.refresh_token);
    const aal = await account.client.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(
      aal.data!.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method)),
    ).toContain('totp');
    expect((await account.client.mfa.listFactors()).data!.totp).toHaveLength(1);

    expect((await other.getUser()).error?.message).toBe('Auth session missing!');
    const oldRefresh = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': account.ip },
      body: JSON.stringify({ refresh_token: before.refresh_token }),
    });
    expect(oldRefresh.status).toBe(400);
    await platform.drain();
    expect(platform.inbox.for(account.email).some((mail) => mail.subject === 'Two-factor authentication is on')).toBe(
      true,
    );
  });

  it('accepts ±1 step of clock skew and refuses ±2', async () => {
    const { client } = await signedInUser(platform);
    const { factorId, secret } = await enable(client);
    clock.advance(60_000);
    const results: Record<string, boolean> = {};
    for (const steps of [-2, 2, -1, 1]) {
      const challenge = await client.mfa.challenge({ factorId });
      const { error } = await client.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: oathtool(secret, steps),
      });
      results[steps] = error === null;
    }
    expect(results).toEqual({ '-2': false, '2': false, '-1': true, '1': true });
  });

  it('expires challenges after 300 s and refuses a challenge from another address', async () => {
    const { client, ip } = await signedInUser(platform);
    const { factorId, secret } = await enable(client);
    clock.advance(60_000);
    const challenge = await client.mfa.challenge({ factorId });
    clock.advance(301_000);
    const late = await client.mfa.verify({ factorId, challengeId: challenge.data!.id, code: oathtool(secret) });
    expect(late.error?.code).toBe('mfa_challenge_expired');

    const fresh = await client.mfa.challenge({ factorId });
    const token = (await client.getSession()).data.session!.access_token;
    const elsewhere = await fetch(`${platform.baseUrl}/auth/v1/factors/${factorId}/verify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': ip.replace(/\d+$/, (n) => String((Number(n) % 250) + 1)),
      },
      body: JSON.stringify({ challenge_id: fresh.data!.id, code: oathtool(secret) }),
    });
    expect(elsewhere.status).toBe(422);
    expect(((await elsewhere.json()) as { code: string }).code).toBe('mfa_ip_address_mismatch');
  });

  it('requires aal2 to change the password or unenroll once 2FA is on, and signs in through the second step', async () => {
    const account = await signedInUser(platform);
    const { factorId, secret } = await enable(account.client);

    const fresh = authClient(platform.baseUrl, account.ip);
    const signIn = await fresh.signInWithPassword({ email: account.email, password: account.password });
    expect(signIn.error).toBeNull();
    expect((await fresh.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });

    const change = await fresh.updateUser({ password: 'Another-Strong-7?' });
    expect(change.error?.code).toBe('insufficient_aal');
    expect(change.error?.status).toBe(401);
    const unenroll = await fresh.mfa.unenroll({ factorId });
    expect(unenroll.error?.code).toBe('insufficient_aal');
    const enrollMore = await fresh.mfa.enroll({ factorType: 'totp', friendlyName: 'Second phone' });
    expect(enrollMore.error?.code).toBe('insufficient_aal');

    clock.advance(30_000);
    const challenge = await fresh.mfa.challenge({ factorId });
    expect(
      (await fresh.mfa.verify({ factorId, challengeId: challenge.data!.id, code: oathtool(secret) })).error,
    ).toBeNull();
    expect(
      (await fresh.updateUser({ password: 'Another-Strong-7?', current_password: account.password })).error,
    ).toBeNull();

    const removed = await fresh.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect((await fresh.mfa.listFactors()).data!.all).toHaveLength(0);
    await platform.drain();
    const subjects = platform.inbox.for(account.email).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Your Fanmint password was changed', 'Two-factor authentication was turned off']),
    );
  });

  it('rate-limits verify attempts per factor', async () => {
    const { client } = await signedInUser(platform);
    const { factorId, secret } = await enable(client);
    clock.advance(30_000);
    const bad = oathtool(secret) === '123456' ? '654321' : '123456';
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const challenge = await client.mfa.challenge({ factorId });
      codes.push((await client.mfa.verify({ factorId, challengeId: challenge.data!.id, code: bad })).error?.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('mfa_verification_failed'));
    expect(codes[5]).toBe('over_request_rate_limit');
  });

  it('does not let another user see or touch your factor', async () => {
    const alice = await signedInUser(platform);
    const bob = await signedInUser(platform);
    const { factorId } = await enable(alice.client);
    expect((await bob.client.mfa.challenge({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await bob.client.mfa.unenroll({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await alice.client.mfa.listFactors()).data!.totp).toHaveLength(1);
  });

  it('issues ten single-use recovery codes at aal2 and accepts one instead of a TOTP code', async () => {
    const account = await signedInUser(platform);
    await enable(account.client);
    const token = (await account.client.getSession()).data.session!.access_token;
    const generated = await fetch(`${platform.baseUrl}/api/account/recovery-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(generated.status).toBe(200);
    const { codes } = (await generated.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ code_hash: string }[]>(`select code_hash from mfa_recovery_codes where code_hash = ?`, [codes[0]]);
    expect(stored).toHaveLength(0);

    const fresh = authClient(platform.baseUrl, account.ip);
    await fresh.signInWithPassword({ email: account.email, password: account.password });
    const aal1 = (await fresh.getSession()).data.session!.access_token;
    const aal1Generate = await fetch(`${platform.baseUrl}/api/account/recovery-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aal1}` },
    });
    expect(aal1Generate.status).toBe(403);

    const redeem = (code: string, bearer: string) =>
      fetch(`${platform.baseUrl}/api/account/recovery-codes/redeem`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${bearer}`,
          'x-forwarded-for': account.ip,
        },
        body: JSON.stringify({ code: code.toUpperCase().replace('-', ' ') }),
      });
    const first = await redeem(codes[3], aal1);
    expect(first.status).toBe(200);
    const session = (await first.json()) as { access_token: string; refresh_token: string };
    await fresh.setSession(session);
    expect((await fresh.mfa.getAuthenticatorAssuranceLevel()).data!.currentLevel).toBe('aal2');

    const other = authClient(platform.baseUrl, account.ip);
    await other.signInWithPassword({ email: account.email, password: account.password });
    const otherToken = (await other.getSession()).data.session!.access_token;
    const reused = await redeem(codes[3], otherToken);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { code: string }).code).toBe('invalid_recovery_code');
    const status = await fetch(`${platform.baseUrl}/api/account/recovery-codes`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(((await status.json()) as { remaining: number }).remaining).toBe(9);
  });
});

describeWithOathtool('removing 2FA downgrades every session, whatever raised it', () => {
  async function raisedByRecoveryCode() {
    const account = await signedInUser(platform);
    const { factorId } = await enable(account.client);
    const token = (await account.client.getSession()).data.session!.access_token;
    const { codes } = (await (
      await fetch(`${platform.baseUrl}/api/account/recovery-codes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { codes: string[] };
    const laptop = authClient(platform.baseUrl, account.ip);
    await laptop.signInWithPassword({ email: account.email, password: account.password });
    const redeemed = await fetch(`${platform.baseUrl}/api/account/recovery-codes/redeem`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${(await laptop.getSession()).data.session!.access_token}`,
        'x-forwarded-for': account.ip,
      },
      body: JSON.stringify({ code: codes[0] }),
    });
    expect(redeemed.status).toBe(200);
    await laptop.setSession((await redeemed.json()) as { access_token: string; refresh_token: string });
    expect((await laptop.mfa.getAuthenticatorAssuranceLevel()).data!.currentLevel).toBe('aal2');
    return { ...account, factorId, laptop, laptopToken: (await laptop.getSession()).data.session!.access_token };
  }
  const level = async (client: GoTrueClient) => (await client.mfa.getAuthenticatorAssuranceLevel()).data!.currentLevel;
  const recoveryCodesStatus = (token: string) =>
    fetch(`${platform.baseUrl}/api/account/recovery-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

  it('the user unenrolls the last factor: a session raised by a recovery code refreshes to aal1, and its old token is aal1 at once', async () => {
    const account = await raisedByRecoveryCode();
    expect((await account.client.mfa.unenroll({ factorId: account.factorId })).error).toBeNull();
    // The token minted before the removal still says aal2; the server goes by the session.
    expect((await recoveryCodesStatus(account.laptopToken)).status).toBe(403);
    const refreshed = await account.laptop.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await level(account.laptop)).toBe('aal1');
    const claims = JSON.parse(
      Buffer.from(refreshed.data.session!.access_token.split('.')[1], 'base64url').toString(),
    ) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((entry) => entry.method)).not.toContain('recovery_code');
    expect(await level(account.client)).toBe('aal2');
    await account.client.refreshSession();
    expect(await level(account.client)).toBe('aal1');
  });

  it('staff disable 2FA: the recovery-code session and the TOTP session both refresh to aal1', async () => {
    const account = await raisedByRecoveryCode();
    const admin = await staffSession(platform, 'admin', () => clock.now());
    clock.advance(30_000);
    const disabled = await fetch(`${platform.baseUrl}/api/admin/users/${account.session.user.id}/mfa`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ reason: 'Verified by passport video call, ticket 4712' }),
    });
    expect(disabled.status).toBe(200);
    for (const client of [account.laptop, account.client]) {
      expect((await client.refreshSession()).error).toBeNull();
      expect(await level(client)).toBe('aal1');
    }
  });
});

describeWithOathtool('support disables a user’s 2FA through the admin API', () => {
  it('needs a staff role and an aal2 session, writes the audit log and tells the user', async () => {
    const target = await signedInUser(platform);
    await enable(target.client);
    const staff = await signedInUser(platform);
    const orm = platform.api.get(MikroORM);
    const { sub: staffId } = JSON.parse(
      Buffer.from((await staff.client.getSession()).data.session!.access_token.split('.')[1], 'base64url').toString(),
    );
    const { sub: targetId } = JSON.parse(
      Buffer.from((await target.client.getSession()).data.session!.access_token.split('.')[1], 'base64url').toString(),
    );
    const call = async (
      client: GoTrueClient,
      body: unknown = { reason: 'Verified by passport video call, ticket 4711' },
    ) => {
      const token = (await client.getSession()).data.session!.access_token;
      return fetch(`${platform.baseUrl}/api/admin/users/${targetId}/mfa`, {
        method: 'DELETE',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-forwarded-for': '192.0.2.44',
        },
        body: JSON.stringify(body),
      });
    };

    expect((await call(staff.client)).status).toBe(403);
    await changeRole(platform, staffId, 'admin');
    await staff.client.refreshSession();
    const aal1 = await call(staff.client);
    expect(aal1.status).toBe(403);
    expect(((await aal1.json()) as { code: string }).code).toBe('insufficient_aal');

    clock.advance(30_000);
    await enable(staff.client);
    expect((await call(staff.client, { reason: 'ok' })).status).toBe(400);
    const done = await call(staff.client);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ removedFactors: 1 });
    expect((await target.client.mfa.listFactors()).data!.all).toHaveLength(0);

    const entries = await orm.em
      .fork()
      .execute<{ actor_id: string; action: string; details: { reason: string }; ip_address: string }[]>(
        `select actor_id, action, details, ip_address from audit_log where target_type = 'user' and target_id = ?`,
        [targetId],
      );
    expect(entries).toEqual([
      {
        actor_id: staffId,
        action: 'mfa.disabled_by_staff',
        details: { reason: 'Verified by passport video call, ticket 4711', removedFactors: 1 },
        ip_address: '192.0.2.44',
      },
    ]);
    await orm.em.fork().execute(`delete from audit_log where target_id = ?`, [targetId]);
    expect(await orm.em.fork().execute(`select 1 from audit_log where target_id = ?`, [targetId])).toHaveLength(1);
    await platform.drain();
    expect(
      platform.inbox.for(target.email).some((mail) => mail.subject === 'Two-factor authentication was turned off'),
    ).toBe(true);
  });
});

describeWithOathtool('sessions a user can see and end', () => {
  it('lists your sessions and ends one of them, but never another user’s', async () => {
    const account = await signedInUser(platform);
    const phone = authClient(platform.baseUrl, account.ip);
    await phone.signInWithPassword({ email: account.email, password: account.password });
    const token = (await account.client.getSession()).data.session!.access_token;
    const list = (await (
      await fetch(`${platform.baseUrl}/api/account/sessions`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string; current: boolean; ip: string }[];
    expect(list).toHaveLength(2);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    const other = list.find((session) => !session.current)!;

    const stranger = await signedInUser(platform);
    const strangerToken = (await stranger.client.getSession()).data.session!.access_token;
    const foreign = await fetch(`${platform.baseUrl}/api/account/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(foreign.status).toBe(404);
    expect((await phone.getUser()).error).toBeNull();

    const ended = await fetch(`${platform.baseUrl}/api/account/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(204);
    expect((await phone.getUser()).error?.message).toBe('Auth session missing!');
  });
});
