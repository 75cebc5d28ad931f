import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientIp, signedInUser, startTestPlatform, STRONG_PASSWORD, uniqueEmail, type TestPlatform } from '#app/testing';
import { MikroORM } from '@mikro-orm/postgresql';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), ...headers },
    body,
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: response.status, body: json };
}

async function counts() {
  const rows = await platform.api
    .get(MikroORM)
    .em.fork()
    .execute<{ users: number; tokens: number; outbox: number; sessions: number; consents: number }[]>(
      `select (select count(*)::int from users) as users, (select count(*)::int from one_time_tokens) as tokens,
              (select count(*)::int from outbox_message) as outbox, (select count(*)::int from sessions) as sessions,
              (select count(*)::int from consent_records) as consents`,
    );
  return rows[0];
}

describe('bad input gets a clear 4xx and changes nothing', () => {
  const cases: [string, string, string, string | undefined, number, string][] = [
    ['malformed JSON', 'POST', '/auth/v1/signup', '{"email": ', 400, 'bad_json'],
    ['JSON that is not an object', 'POST', '/auth/v1/signup', '"just a string"', 400, 'validation_failed'],
    ['missing password', 'POST', '/auth/v1/signup', JSON.stringify({ email: uniqueEmail() }), 400, 'validation_failed'],
    ['missing email', 'POST', '/auth/v1/signup', JSON.stringify({ password: STRONG_PASSWORD }), 422, 'anonymous_provider_disabled'],
    ['email of the wrong type', 'POST', '/auth/v1/signup', JSON.stringify({ email: 42, password: STRONG_PASSWORD }), 400, 'validation_failed'],
    ['invalid email', 'POST', '/auth/v1/signup', JSON.stringify({ email: 'a@b', password: STRONG_PASSWORD }), 400, 'validation_failed'],
    ['password over 72 bytes', 'POST', '/auth/v1/signup', JSON.stringify({ email: uniqueEmail(), password: `Aa1!${'x'.repeat(80)}` }), 400, 'validation_failed'],
    ['metadata that is not an object', 'POST', '/auth/v1/signup', JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, data: 'x' }), 400, 'validation_failed'],
    ['unknown grant type', 'POST', '/auth/v1/token?grant_type=magic', JSON.stringify({}), 400, 'validation_failed'],
    ['sign-in without email', 'POST', '/auth/v1/token?grant_type=password', JSON.stringify({ password: 'x' }), 400, 'validation_failed'],
    ['refresh without token', 'POST', '/auth/v1/token?grant_type=refresh_token', JSON.stringify({}), 400, 'validation_failed'],
    ['recover without email', 'POST', '/auth/v1/recover', JSON.stringify({}), 400, 'validation_failed'],
    ['recover with invalid email', 'POST', '/auth/v1/recover', JSON.stringify({ email: 'nope' }), 400, 'validation_failed'],
    ['resend of an unknown type', 'POST', '/auth/v1/resend', JSON.stringify({ email: uniqueEmail(), type: 'sms' }), 400, 'validation_failed'],
    ['verify of an unknown type', 'POST', '/auth/v1/verify', JSON.stringify({ type: 'magic', token_hash: 'abc' }), 400, 'validation_failed'],
    ['verify with a made-up token', 'POST', '/auth/v1/verify', JSON.stringify({ type: 'signup', token_hash: 'x'.repeat(43) }), 403, 'otp_expired'],
    ['verify-email without token', 'GET', '/api/users/verify-email', undefined, 400, 'validation_failed'],
    ['verify-email with a made-up token', 'GET', '/api/users/verify-email?token=nope', undefined, 400, 'invalid_token'],
    ['reset-password without fields', 'POST', '/api/users/reset-password', JSON.stringify({}), 400, 'validation_failed'],
    ['reset-password with a made-up token', 'POST', '/api/users/reset-password', JSON.stringify({ resetToken: 'nope', newPassword: STRONG_PASSWORD }), 400, 'invalid_token'],
    ['reset-password with a weak password', 'POST', '/api/users/reset-password', JSON.stringify({ resetToken: 'nope', newPassword: 'weak' }), 422, 'weak_password'],
    ['consent without a token', 'POST', '/functions/v1/record-user-consent', JSON.stringify({ consentData: {} }), 401, 'no_authorization'],
    ['an unknown API path', 'GET', '/api/nothing-here', undefined, 404, 'not_found'],
  ];

  it.each(cases)('%s', async (_name, method, path, body, status, code) => {
    const before = await counts();
    const response = await send(method, path, body);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(typeof response.body.message).toBe('string');
    expect((response.body.message as string).length).toBeGreaterThan(3);
    await platform.drain();
    expect(await counts()).toEqual(before);
  });

  it('refuses a 5 MB body with 413 and stays up', async () => {
    const before = await counts();
    const huge = JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, data: { blob: 'x'.repeat(5 * 1024 * 1024) } });
    const response = await send('POST', '/auth/v1/signup', huge);
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('request_too_large');
    expect(await counts()).toEqual(before);
    expect((await fetch(`${platform.baseUrl}/health`)).status).toBe(200);
  });

  it('validates consent payloads with the caller signed in, and records nothing on error', async () => {
    const { session } = await signedInUser(platform);
    const auth = { authorization: `Bearer ${session.access_token}` };
    const bad = [
      { consentData: { consentTypes: ['terms_of_service'], consentVersions: ['1.0.0', '1.0.0'] } },
      { consentData: { consentTypes: ['newsletter_spam'], consentVersions: ['1.0.0'] } },
      { consentData: { consentTypes: ['terms_of_service'], consentVersions: ['9.9.9'] } },
      { consentData: { consentTypes: ['privacy_policy', 'privacy_policy'], consentVersions: ['1.0.0', '1.0.0'] } },
      { consentData: 'yes' },
      {},
    ];
    const before = await counts();
    for (const payload of bad) {
      const response = await send('POST', '/functions/v1/record-user-consent', JSON.stringify(payload), auth);
      expect([400, 422]).toContain(response.status);
      expect(response.body.error).toBeTruthy();
    }
    expect(await counts()).toEqual(before);
  });
});
