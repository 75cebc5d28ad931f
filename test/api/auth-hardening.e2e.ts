import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  authClient,
  clientIp,
  createConfirmedUser,
  FixedClock,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  tokenFromLink,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';

// Issue 17 findings 6, 12 (verify), 14, 15, 16 and the auth client's own expectations.
let platform: TestPlatform;
const clock = new FixedClock(new Date());
const ATTACKER_PASSWORD = 'Squatter-Pass-31!';
const OWNER_PASSWORD = 'Owner-Real-Pass-47!';

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});

afterAll(async () => {
  await platform?.close();
});

const confirmLinks = async (email: string, count: number) => {
  const mail = await platform.inbox.waitFor(email, /Confirm/, { nth: count });
  return tokenFromLink(mail.links.find((href) => href.includes('verify-email?token='))!);
};
const verifyEmail = (token: string) =>
  fetch(`${platform.baseUrl}/api/users/verify-email?token=${encodeURIComponent(token)}`, {
    headers: { 'x-forwarded-for': clientIp() },
  });

async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientIp(),
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

describe('finding 6: a repeated sign-up of an unconfirmed address', () => {
  it('replaces the squatter’s password and metadata and voids the squatter’s link', async () => {
    const email = uniqueEmail('victim');
    const squat = await authClient(platform.baseUrl).signUp({
      email,
      password: ATTACKER_PASSWORD,
      options: { data: { ...signupMetadata(), nick: 'attacker' } },
    });
    expect(squat.error).toBeNull();
    const squatterLink = await confirmLinks(email, 1);

    const owner = await authClient(platform.baseUrl).signUp({
      email,
      password: OWNER_PASSWORD,
      options: { data: { ...signupMetadata(), nick: 'owner' } },
    });
    expect(owner.error).toBeNull();
    // Same answer as any sign-up: a user-shaped body with the same fields, no session.
    expect(owner.data.session).toBeNull();
    expect(Object.keys(owner.data.user!).sort()).toEqual(Object.keys(squat.data.user!).sort());
    // Within a minute of the first mail no second one is sent (per-address limit); the owner asks again.
    expect((await authClient(platform.baseUrl).resend({ type: 'signup', email })).error).toBeNull();
    const ownerLink = await confirmLinks(email, 2);

    expect((await verifyEmail(squatterLink)).status).toBe(400);
    expect((await verifyEmail(ownerLink)).status).toBe(200);

    const attacker = await authClient(platform.baseUrl).signInWithPassword({ email, password: ATTACKER_PASSWORD });
    expect(attacker.error?.code).toBe('invalid_credentials');
    const signedIn = await authClient(platform.baseUrl).signInWithPassword({ email, password: OWNER_PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata.nick).toBe('owner');
  });

  it('voids the squatter’s link even when the per-minute mail limit holds the new one back', async () => {
    const email = uniqueEmail('victim');
    await authClient(platform.baseUrl).signUp({
      email,
      password: ATTACKER_PASSWORD,
      options: { data: signupMetadata() },
    });
    const squatterLink = await confirmLinks(email, 1);
    // The squatter redeems nothing before the owner signs up: the owner's sign-up voids the link either way.
    const again = await authClient(platform.baseUrl).signUp({
      email,
      password: OWNER_PASSWORD,
      options: { data: signupMetadata() },
    });
    expect(again.error).toBeNull();
    const redeemed = await authClient(platform.baseUrl).verifyOtp({ type: 'signup', token_hash: squatterLink });
    expect(redeemed.error?.code).toBe('otp_expired');
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email, password: ATTACKER_PASSWORD })).error?.code,
    ).toBe('invalid_credentials');
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email, password: OWNER_PASSWORD })).error?.code,
    ).toBe('email_not_confirmed');
  });

  it('treats a redeemed recovery link as confirmation, so a later sign-up cannot reset the account', async () => {
    const email = uniqueEmail('owner');
    await authClient(platform.baseUrl).signUp({ email, password: OWNER_PASSWORD, options: { data: signupMetadata() } });
    await confirmLinks(email, 1);
    expect((await authClient(platform.baseUrl).resetPasswordForEmail(email)).error).toBeNull();
    const mail = await platform.inbox.waitFor(email, /Reset your Fanmint password/);
    const token = new URL(mail.links.find((href) => href.includes('/auth/v1/verify?'))!).searchParams.get('token')!;
    const recovered = await authClient(platform.baseUrl).verifyOtp({ type: 'recovery', token_hash: token });
    expect(recovered.error).toBeNull();
    expect(recovered.data.user?.email_confirmed_at).toBeTruthy();
    expect(
      (
        await authClient(platform.baseUrl).signUp({
          email,
          password: ATTACKER_PASSWORD,
          options: { data: signupMetadata() },
        })
      ).error,
    ).toBeNull();
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email, password: OWNER_PASSWORD })).error,
    ).toBeNull();
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email, password: ATTACKER_PASSWORD })).error?.code,
    ).toBe('invalid_credentials');
  });

  it('leaves a confirmed account’s password alone', async () => {
    const account = await createConfirmedUser(platform);
    const again = await authClient(platform.baseUrl).signUp({
      email: account.email,
      password: ATTACKER_PASSWORD,
      options: { data: signupMetadata() },
    });
    expect(again.error).toBeNull();
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email: account.email, password: account.password }))
        .error,
    ).toBeNull();
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email: account.email, password: ATTACKER_PASSWORD }))
        .error?.code,
    ).toBe('invalid_credentials');
  });
});

describe('finding 12: client-chosen verification types are own-property lookups', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'answers type=%s with a 4xx on GET and POST /auth/v1/verify',
    async (type) => {
      const post = await postJson('/auth/v1/verify', { type, token_hash: 'abc' });
      expect(post.status).toBe(400);
      expect(post.body).toMatchObject({
        code: 'validation_failed',
        message: `Unsupported verification type "${type}"`,
      });
      const get = await fetch(`${platform.baseUrl}/auth/v1/verify?type=${type}&token=abc`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': clientIp() },
      });
      expect(get.status).toBe(303);
      expect(new URLSearchParams(get.headers.get('location')!.split('#')[1]).get('error_code')).toBe(
        'validation_failed',
      );
    },
  );
});

describe('finding 15: the verify redirect allow-list compares the exact origin', () => {
  it.each([
    ['another port on our host', (base: URL) => `${base.protocol}//${base.hostname}:9/dashboard`],
    ['localhost on our port', (base: URL) => `http://localhost:${base.port}/dashboard`],
    ['a look-alike host', (base: URL) => `http://${base.hostname}.evil.example:${base.port}/dashboard`],
    ['another scheme', (base: URL) => `https://${base.host}/dashboard`],
  ])('falls back to our sign-in page for %s', async (_label, target) => {
    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const token = await confirmLinks(email, 1);
    const redirect = target(new URL(platform.baseUrl));
    const response = await fetch(
      `${platform.baseUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirect)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')!.startsWith(`${platform.baseUrl}/sign-in#`)).toBe(true);
  });
});

describe('finding 16: user_metadata is any bounded JSON object', () => {
  it('stores sign-up data as sent, beside the consent keys the client cannot forge', async () => {
    const email = uniqueEmail();
    const data = {
      ...signupMetadata(),
      profile: { links: ['a', 'b'], theme: { dark: true } },
      score: '1e3',
      count: 1000,
      terms_accepted: 'yes',
    };
    const { data: signedUp, error } = await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data },
    });
    expect(error).toBeNull();
    expect(signedUp.user?.user_metadata).toMatchObject({
      profile: { links: ['a', 'b'], theme: { dark: true } },
      score: '1e3',
      count: 1000,
      terms_accepted: false,
    });
  });

  it('merges PUT /user data key by key, never over the consent keys, and keeps strings as strings', async () => {
    const account = await createConfirmedUser(platform);
    await account.client.signInWithPassword({ email: account.email, password: account.password });
    const { data, error } = await account.client.updateUser({
      data: { bio: 'hi', nested: { a: { b: 1 } }, amount: '1e3', terms_accepted: false, terms_version: '9', sub: 'x' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({
      bio: 'hi',
      nested: { a: { b: 1 } },
      amount: '1e3',
      terms_accepted: true,
      terms_version: '1.0.0',
    });
    expect(data.user?.user_metadata.sub).toBe(data.user?.id);
    const removed = await account.client.updateUser({ data: { bio: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty('bio');
    expect(removed.data.user?.user_metadata.amount).toBe('1e3');
    // The next access token carries the same metadata.
    const { data: session } = await account.client.refreshSession();
    const claims = JSON.parse(Buffer.from(session.session!.access_token.split('.')[1], 'base64url').toString()) as {
      user_metadata: Record<string, unknown>;
    };
    expect(claims.user_metadata.amount).toBe('1e3');
  });

  it('refuses oversize or too deep metadata with a clear 400 and stores nothing', async () => {
    const email = uniqueEmail();
    const big = await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { ...signupMetadata(), blob: 'x'.repeat(5000) } },
    });
    expect(big.error?.status).toBe(400);
    expect(big.error?.code).toBe('validation_failed');
    expect(big.error?.message).toBe('user metadata (data) must be at most 4096 bytes of JSON');
    const deep = await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { a: { b: { c: { d: { e: { f: 1 } } } } } } },
    });
    expect(deep.error?.message).toBe('user metadata (data) must be nested at most 5 levels deep');
    await platform.drain();
    expect(platform.inbox.for(email)).toHaveLength(0);

    const account = await createConfirmedUser(platform);
    await account.client.signInWithPassword({ email: account.email, password: account.password });
    await account.client.updateUser({ data: { half: 'y'.repeat(2500) } });
    const over = await account.client.updateUser({ data: { other: 'z'.repeat(2500) } });
    expect(over.error?.status).toBe(400);
    expect(over.error?.message).toBe('user metadata (data) must be at most 4096 bytes of JSON');
    const { data } = await account.client.getUser();
    expect(data.user?.user_metadata).not.toHaveProperty('other');
  });
});

describe('the auth client’s expectations of errors', () => {
  it('answers an unsupported grant with validation_failed', async () => {
    const response = await postJson('/auth/v1/token?grant_type=magic', {});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', message: 'unsupported_grant_type' });
  });

  it('answers verifyOtp({ email, token }) with the contract’s message', async () => {
    const { error } = await authClient(platform.baseUrl).verifyOtp({
      email: uniqueEmail(),
      token: '123456',
      type: 'email',
    });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
    expect(error?.message).toBe('Token has expired or is invalid');
  });

  it('answers updateUser({ email }) with a 4xx for a malformed address and changes nothing; a new address only waits for its link', async () => {
    const account = await createConfirmedUser(platform);
    await account.client.signInWithPassword({ email: account.email, password: account.password });
    const invalid = await account.client.updateUser({ email: 'invalid-email', data: { nick: 'x' } });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');
    const next = uniqueEmail();
    const other = await account.client.updateUser({ email: next });
    expect(other.error).toBeNull();
    expect(other.data.user).toMatchObject({ email: account.email, new_email: next });
    const same = await account.client.updateUser({ email: account.email.toUpperCase() });
    expect(same.error).toBeNull();
    expect(same.data.user?.email).toBe(account.email);
    expect(same.data.user?.user_metadata).not.toHaveProperty('nick');
  });

  it('redeems verifyOtp({ email, token }) only for the address the token was mailed to', async () => {
    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const token = await confirmLinks(email, 1);
    const wrong = await authClient(platform.baseUrl).verifyOtp({ email: uniqueEmail(), token, type: 'signup' });
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const right = await authClient(platform.baseUrl).verifyOtp({ email, token, type: 'signup' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });
});

describe('finding 14: recover and resend answer before any account lookup', () => {
  it('mails the reset link from the worker, and the same for a resend', async () => {
    const account = await createConfirmedUser(platform);
    const { error } = await authClient(platform.baseUrl).resetPasswordForEmail(account.email, {
      redirectTo: `${platform.baseUrl}/reset-password`,
    });
    expect(error).toBeNull();
    const mail = await platform.inbox.waitFor(account.email, /Reset your Fanmint password/);
    expect(mail.links.some((href) => href.startsWith(`${platform.baseUrl}/auth/v1/verify?`))).toBe(true);

    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    await confirmLinks(email, 1);
    clock.advance(61_000);
    expect((await authClient(platform.baseUrl).resend({ type: 'signup', email })).error).toBeNull();
    const second = await confirmLinks(email, 2);
    expect((await verifyEmail(second)).status).toBe(200);
  });
});

describe('finding 14: the request path never touches the account', () => {
  async function post(path: string, body: unknown) {
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    return { status: response.status, body: await response.json() };
  }

  it('answers recover and resend while the account row is locked, writing one same-shaped job per address', async () => {
    const known = await createConfirmedUser(platform);
    const unconfirmed = uniqueEmail('pending');
    await authClient(platform.baseUrl).signUp({
      email: unconfirmed,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    await confirmLinks(unconfirmed, 1);
    clock.advance(61_000);
    const nobody = uniqueEmail('nobody');
    const em = platform.api.get(MikroORM).em.fork();
    const ids = (
      await em.execute<{ id: string }[]>(`select id from users where email in (?, ?)`, [known.email, unconfirmed])
    ).map((row) => row.id);

    // Holding the account rows: any work that touches an account (mint a link, stamp it) waits, in
    // the request and in the worker alike; the request must answer anyway, having done none.
    await em.transactional(async (tx) => {
      await tx.execute(`select 1 from users where id in (?, ?) for update`, ids);
      const tokensBefore = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from one_time_tokens where user_id in (?, ?)`,
        ids,
      );
      expect(await post('/auth/v1/recover', { email: known.email })).toEqual({ status: 200, body: {} });
      expect(await post('/auth/v1/recover', { email: nobody })).toEqual({ status: 200, body: {} });
      expect(await post('/auth/v1/resend', { type: 'signup', email: unconfirmed })).toEqual({ status: 200, body: {} });
      expect(await post('/auth/v1/resend', { type: 'signup', email: nobody })).toEqual({ status: 200, body: {} });

      const jobs = await tx.execute<{ queue: string; job_name: string; payload: Record<string, unknown> }[]>(
        `select queue, job_name, payload from outbox_message where payload->>'email' in (?, ?, ?) order by id`,
        [known.email, unconfirmed, nobody],
      );
      expect(jobs.map((job) => `${job.queue}/${job.job_name}/${String(job.payload.kind)}`)).toEqual([
        'notifications/send-email-link/recovery',
        'notifications/send-email-link/recovery',
        'notifications/send-email-link/signup',
        'notifications/send-email-link/signup',
      ]);
      expect(new Set(jobs.map((job) => Object.keys(job.payload).sort().join()))).toHaveProperty('size', 1);
      expect(await tx.execute(`select count(*)::int as n from one_time_tokens where user_id in (?, ?)`, ids)).toEqual(
        tokensBefore,
      );
    });

    // Once the rows are free the worker does the work: the links arrive and work.
    const reset = await platform.inbox.waitFor(known.email, /Reset your Fanmint password/);
    expect(reset.links.some((href) => href.includes('/auth/v1/verify?'))).toBe(true);
    expect((await verifyEmail(await confirmLinks(unconfirmed, 2))).status).toBe(200);
    await platform.drain();
    expect(platform.inbox.for(nobody)).toHaveLength(0);
  });
});

describe('AUTH_AUTOCONFIRM (test runs only, GoTrue’s MAILER_AUTOCONFIRM)', () => {
  let autoconfirm: TestPlatform;

  beforeAll(async () => {
    autoconfirm = await startTestPlatform({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });

  afterAll(async () => {
    await autoconfirm?.close();
  });

  it('returns a session at sign-up, mails nothing, and refuses a second sign-up with user_already_exists', async () => {
    const email = uniqueEmail('auto');
    const { data, error } = await authClient(autoconfirm.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const again = await authClient(autoconfirm.baseUrl).signUp({ email, password: STRONG_PASSWORD });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    await autoconfirm.drain();
    expect(autoconfirm.inbox.for(email)).toHaveLength(0);
  });
});
