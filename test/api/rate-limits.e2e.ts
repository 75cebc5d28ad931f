import { afterAll, describe, expect, it } from '@jest/globals';
import {
  authClient,
  clientIp,
  createConfirmedUser,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';

const backends: ('postgres' | 'redis')[] = ['postgres'];
if (process.env.TEST_REDIS_URL) backends.push('redis');
else if (process.env.CI === 'true')
  throw new Error('TEST_REDIS_URL is required in CI: the Redis rate-limit suite may not be skipped');
else console.warn('Redis not available: the Redis rate-limit suite is skipped');

async function signIn(platform: TestPlatform, email: string, password: string, ip: string) {
  return authClient(platform.baseUrl, ip).signInWithPassword({ email, password });
}

describe.each(backends)('rate limits and sign-in lockout (%s counters)', (backend) => {
  let first: TestPlatform;
  let second: TestPlatform;

  // Platforms share the run's database, so each backend's outbox relay must be gone before the next starts.
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('boots two api instances sharing one counter store', async () => {
    const prefix = `rl${Date.now()}`;
    first = await startTestPlatform({ queueBackend: backend, env: { REDIS_PREFIX: prefix } });
    second = await startTestPlatform({ queueBackend: backend, env: { REDIS_PREFIX: prefix }, worker: false });
  });

  it('locks one account against one address after five failures, across instances, and nowhere else', async () => {
    const account = await createConfirmedUser(first);
    const attacker = clientIp();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const instance = attempt % 2 ? first : second;
      expect((await signIn(instance, account.email, 'Wrong-Password-1!', attacker)).error?.code).toBe(
        'invalid_credentials',
      );
    }
    const fifth = await signIn(second, account.email, 'Wrong-Password-1!', attacker);
    expect(fifth.error?.code).toBe('account_locked');
    expect(fifth.error?.status).toBe(429);
    // Even the right password is refused from the locked-out address, on either instance...
    expect((await signIn(first, account.email, account.password, attacker)).error?.code).toBe('account_locked');
    // ...but the owner elsewhere signs in normally, so an attacker cannot lock the owner out.
    expect((await signIn(second, account.email, account.password, clientIp())).error).toBeNull();
  });

  it('lifts the lockout when the owner resets the password', async () => {
    const account = await createConfirmedUser(first);
    const ip = clientIp();
    for (let attempt = 0; attempt < 5; attempt++) await signIn(first, account.email, 'Wrong-Password-1!', ip);
    expect((await signIn(first, account.email, account.password, ip)).error?.code).toBe('account_locked');

    expect((await authClient(first.baseUrl, ip).resetPasswordForEmail(account.email)).error).toBeNull();
    const mail = await first.inbox.waitFor(account.email, /Reset/);
    const token = mail.links.find((href) => href.includes('/create-new-password/'))!.split('/create-new-password/')[1];
    const reset = await fetch(`${first.baseUrl}/api/users/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ resetToken: token, newPassword: 'Fresh-Start-2026!' }),
    });
    expect(reset.status).toBe(200);
    expect((await signIn(first, account.email, 'Fresh-Start-2026!', ip)).error).toBeNull();
  });

  it('locks unknown addresses the same way, so a lockout reveals nothing', async () => {
    const ip = clientIp();
    const nobody = uniqueEmail('nobody');
    const codes = [];
    for (let attempt = 0; attempt < 5; attempt++)
      codes.push((await signIn(first, nobody, 'Wrong-Password-1!', ip)).error?.code);
    expect(codes).toEqual([
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
      'account_locked',
    ]);
  });

  it('limits sign-ups per address of origin with the contract code', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await fetch(`${attempt % 2 ? first.baseUrl : second.baseUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email: uniqueEmail('burst'), password: STRONG_PASSWORD }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(((await response.json()) as Record<string, unknown>).code).toBe('over_request_rate_limit');
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits repeated reset emails to one address, whoever asks', async () => {
    const email = uniqueEmail('target');
    const first1 = await authClient(first.baseUrl).resetPasswordForEmail(email);
    expect(first1.error).toBeNull();
    const again = await authClient(second.baseUrl).resetPasswordForEmail(email);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
  });
});
