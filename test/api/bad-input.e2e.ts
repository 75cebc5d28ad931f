import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  clientIp,
  signedInUser,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  verifiedCreator,
  type TestPlatform,
} from '#app/testing';
import { MikroORM } from '@mikro-orm/postgresql';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live' } });
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
    [
      'missing email',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ password: STRONG_PASSWORD }),
      422,
      'anonymous_provider_disabled',
    ],
    [
      'email of the wrong type',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ email: 42, password: STRONG_PASSWORD }),
      400,
      'validation_failed',
    ],
    [
      'invalid email',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ email: 'a@b', password: STRONG_PASSWORD }),
      400,
      'validation_failed',
    ],
    [
      'password over 72 bytes',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ email: uniqueEmail(), password: `Aa1!${'x'.repeat(80)}` }),
      400,
      'validation_failed',
    ],
    [
      'metadata that is not an object',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, data: 'x' }),
      400,
      'validation_failed',
    ],
    ['unknown grant type', 'POST', '/auth/v1/token?grant_type=magic', JSON.stringify({}), 400, 'validation_failed'],
    [
      'sign-in without email',
      'POST',
      '/auth/v1/token?grant_type=password',
      JSON.stringify({ password: 'x' }),
      400,
      'validation_failed',
    ],
    [
      'refresh without token',
      'POST',
      '/auth/v1/token?grant_type=refresh_token',
      JSON.stringify({}),
      400,
      'validation_failed',
    ],
    ['recover without email', 'POST', '/auth/v1/recover', JSON.stringify({}), 400, 'validation_failed'],
    [
      'recover with invalid email',
      'POST',
      '/auth/v1/recover',
      JSON.stringify({ email: 'nope' }),
      400,
      'validation_failed',
    ],
    [
      'resend of an unknown type',
      'POST',
      '/auth/v1/resend',
      JSON.stringify({ email: uniqueEmail(), type: 'sms' }),
      400,
      'validation_failed',
    ],
    [
      'verify of an unknown type',
      'POST',
      '/auth/v1/verify',
      JSON.stringify({ type: 'magic', token_hash: 'abc' }),
      400,
      'validation_failed',
    ],
    [
      'verify with a made-up token',
      'POST',
      '/auth/v1/verify',
      JSON.stringify({ type: 'signup', token_hash: 'x'.repeat(43) }),
      403,
      'otp_expired',
    ],
    ['verify-email without token', 'GET', '/api/users/verify-email', undefined, 400, 'validation_failed'],
    ['verify-email with a made-up token', 'GET', '/api/users/verify-email?token=nope', undefined, 400, 'invalid_token'],
    [
      'reset-password without fields',
      'POST',
      '/api/users/reset-password',
      JSON.stringify({}),
      400,
      'validation_failed',
    ],
    [
      'reset-password with a made-up token',
      'POST',
      '/api/users/reset-password',
      JSON.stringify({ resetToken: 'nope', newPassword: STRONG_PASSWORD }),
      400,
      'invalid_token',
    ],
    [
      'reset-password with a weak password',
      'POST',
      '/api/users/reset-password',
      JSON.stringify({ resetToken: 'nope', newPassword: 'weak' }),
      422,
      'weak_password',
    ],
    [
      'consent without a token',
      'POST',
      '/functions/v1/record-user-consent',
      JSON.stringify({ consentData: {} }),
      401,
      'no_authorization',
    ],
    ['an unknown API path', 'GET', '/api/nothing-here', undefined, 404, 'not_found'],
    // Keys named after Object.prototype members must not switch validation off (class-validator reads object.constructor).
    [
      'a wrong email beside a "constructor" key',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ constructor: 'x', email: 42, password: STRONG_PASSWORD }),
      400,
      'validation_failed',
    ],
    [
      'a wrong email beside "toString" and "hasOwnProperty" keys',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ toString: 'x', hasOwnProperty: 1, email: 42, password: STRONG_PASSWORD }),
      400,
      'validation_failed',
    ],
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
    const huge = JSON.stringify({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      data: { blob: 'x'.repeat(5 * 1024 * 1024) },
    });
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

describe('request bodies are checked before they are parsed (issue 17 #11, #12)', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const signUp = (data: string) => `{"email": "${uniqueEmail()}", "password": "${STRONG_PASSWORD}", "data": ${data}}`;

  /** Counts JSON.parse calls on exactly this text while `run` goes (the api runs in this process). */
  async function parsesOf(text: string, run: () => Promise<unknown>): Promise<number> {
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = ((source: string, reviver?: Parameters<typeof parse>[1]) => {
      if (source === text) calls++;
      return parse(source, reviver);
    }) as typeof JSON.parse;
    try {
      await run();
    } finally {
      JSON.parse = parse;
    }
    return calls;
  }

  it('refuses a body nested deeper than 32 levels with a 400, without parsing it, and changes nothing', async () => {
    const before = await counts();
    for (const body of [signUp(nested(32)), nested(30_000)]) {
      let response: Awaited<ReturnType<typeof send>> | undefined;
      expect(await parsesOf(body, async () => (response = await send('POST', '/auth/v1/signup', body)))).toBe(0);
      expect(response!.status).toBe(400);
      expect(response!.body).toMatchObject({
        code: 'bad_json',
        message: 'Request body is nested deeper than 32 levels',
      });
    }
    await platform.drain();
    expect(await counts()).toEqual(before);
  });

  it('still parses a body exactly 32 levels deep, and its route answers it', async () => {
    const body = signUp(nested(31));
    let response: Awaited<ReturnType<typeof send>> | undefined;
    expect(await parsesOf(body, async () => (response = await send('POST', '/auth/v1/signup', body)))).toBe(1);
    expect(response!.status).toBeLessThan(500);
    expect(response!.body.code).not.toBe('bad_json');
  });

  it('limits JSON bodies to 64 KB: 60 KB reaches the route, 70 KB answers 413', async () => {
    const fits = await send(
      'POST',
      '/auth/v1/recover',
      JSON.stringify({ email: 'not-an-address', padding: 'x'.repeat(60 * 1024) }),
    );
    expect(fits).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const tooLarge = await send(
      'POST',
      '/auth/v1/recover',
      JSON.stringify({ email: uniqueEmail(), padding: 'x'.repeat(70 * 1024) }),
    );
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'request_too_large' } });
  });

  it('refuses keys that reach a prototype', async () => {
    const response = await send(
      'POST',
      '/auth/v1/signup',
      `{"email": "${uniqueEmail()}", "password": "${STRONG_PASSWORD}", "__proto__": {"app_role": "admin"}}`,
    );
    expect(response).toMatchObject({ status: 400, body: { code: 'bad_json' } });
  });

  it.each([
    ['a JSON string', 'POST', '/auth/v1/recover', JSON.stringify({ email: 'a\u0000b@example.com' }), 'bad_json'],
    [
      'a JSON key',
      'POST',
      '/auth/v1/signup',
      JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, data: { ['x\u0000']: 1 } }),
      'bad_json',
    ],
    ['a path parameter', 'GET', '/api/stores/ab%00c', undefined, 'bad_request'],
    ['a query parameter', 'GET', '/api/users/verify-email?token=a%00b', undefined, 'bad_request'],
  ])('refuses a NUL character in %s with a 400, changing nothing', async (_name, method, path, body, code) => {
    const before = await counts();
    const response = await send(method, path, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toMatch(/NUL/);
    await platform.drain();
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/verify-user reads only well-formed multipart forms (issue 17 #12)', () => {
  const field = (name: string, value: string) =>
    `--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const cases: [string, string, string, string][] = [
    ['without a boundary', 'multipart/form-data', field('fullName', 'Casey'), 'bad_multipart'],
    ['with an empty boundary', 'multipart/form-data; boundary=', field('fullName', 'Casey'), 'bad_multipart'],
    ['with a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x', 'bad_multipart'],
    [
      'cut off in a field',
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nCas',
      'bad_multipart',
    ],
    [
      'cut off in a file',
      'multipart/form-data; boundary=XX',
      `${field('fullName', 'Casey')}--XX\r\nContent-Disposition: form-data; name="idPhoto"; filename="id.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0`,
      'bad_multipart',
    ],
    [
      'with a NUL in a text field',
      'multipart/form-data; boundary=XX',
      `${field('fullName', 'Ca\u0000sey')}--XX--\r\n`,
      'validation_failed',
    ],
  ];

  it.each(cases)('answers a form %s with a 400 and records nothing', async (_name, contentType, body, code) => {
    const { session } = await signedInUser(platform);
    const submissions = async () =>
      (
        await platform.api
          .get(MikroORM)
          .em.fork()
          .execute<{ n: number }[]>(`select count(*)::int as n from verification_submissions`)
      )[0].n;
    const before = await submissions();
    const response = await send('POST', '/api/verify-user', body, {
      authorization: `Bearer ${session.access_token}`,
      'content-type': contentType,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(await submissions()).toBe(before);
    expect((await fetch(`${platform.baseUrl}/health`)).status).toBe(200);
  });

  it('answers an unreadable form with a 400 on the other multipart route too (the release form), through the shared error mapping', async () => {
    const { session } = await signedInUser(platform);
    const path = '/api/collaborations/4a3c2f8e-0000-4000-8000-000000000000/release-form';
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=XX']) {
      const response = await send(
        'POST',
        path,
        '--XX\r\nContent-Disposition: form-data; name="releaseForm"; filename="r.pdf"\r\n\r\n%PDF',
        { authorization: `Bearer ${session.access_token}`, 'content-type': contentType },
      );
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('bad_multipart');
    }
  });
});

describe('messaging refuses bad input with a 4xx and changes nothing', () => {
  let creatorToken = '';
  let fanToken = '';
  let conversationId = '';
  let messageId = '';

  const messagingCounts = async () =>
    (
      await platform.api
        .get(MikroORM)
        .em.fork()
        .execute<
          {
            conversations: number;
            members: number;
            messages: number;
            settings: number;
            reports: number;
            unread: number;
          }[]
        >(
          `select (select count(*)::int from conversations) as conversations, (select count(*)::int from conversation_members) as members,
                  (select count(*)::int from messages) as messages, (select count(*)::int from messaging_settings) as settings,
                  (select count(*)::int from message_reports) as reports, (select coalesce(sum(unread_count), 0)::int from conversation_members) as unread`,
        )
    )[0];

  beforeAll(async () => {
    const creator = await verifiedCreator(platform);
    creatorToken = creator.token;
    const slug = `bad-input-${Date.now().toString(36)}`;
    await send('POST', '/api/stores', JSON.stringify({ slug, displayName: 'Bad Input Shop' }), {
      authorization: `Bearer ${creatorToken}`,
    });
    fanToken = (await signedInUser(platform)).session.access_token;
    conversationId = (
      await send('POST', '/api/messages/conversations', JSON.stringify({ storeSlug: slug }), {
        authorization: `Bearer ${fanToken}`,
      })
    ).body.id as string;
    messageId = (
      await send(
        'POST',
        `/api/messages/conversations/${conversationId}/messages`,
        JSON.stringify({ clientId: 'first', text: 'hello' }),
        { authorization: `Bearer ${fanToken}` },
      )
    ).body.id as string;
  });

  const conversation = () => `/api/messages/conversations/${conversationId}`;
  const cases: [string, string, () => string, unknown, number, string][] = [
    [
      'a conversation with neither store nor fan',
      'POST',
      () => '/api/messages/conversations',
      {},
      400,
      'validation_failed',
    ],
    [
      'a store slug that is not text',
      'POST',
      () => '/api/messages/conversations',
      { storeSlug: 42 },
      400,
      'validation_failed',
    ],
    [
      'a fan id that is not an id',
      'POST',
      () => '/api/messages/conversations',
      { fanId: 'nobody' },
      400,
      'validation_failed',
    ],
    [
      'a store slug of the wrong type beside a fan id',
      'POST',
      () => '/api/messages/conversations',
      { storeSlug: 7, fanId: '44ff586c-b0bf-4560-9a17-17eb8f7bb91f' },
      400,
      'validation_failed',
    ],
    [
      'a null store slug beside a fan id',
      'POST',
      () => '/api/messages/conversations',
      { storeSlug: null, fanId: '44ff586c-b0bf-4560-9a17-17eb8f7bb91f' },
      400,
      'validation_failed',
    ],
    [
      'both a store and a fan',
      'POST',
      () => '/api/messages/conversations',
      { storeSlug: 'some-store', fanId: '44ff586c-b0bf-4560-9a17-17eb8f7bb91f' },
      400,
      'validation_failed',
    ],
    [
      'a conversation id that is not an id',
      'GET',
      () => '/api/messages/conversations/nope/messages',
      undefined,
      400,
      'bad_request',
    ],
    [
      'a message without a clientId',
      'POST',
      () => `${conversation()}/messages`,
      { text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a clientId with spaces',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'has spaces', text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a clientId too long',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'x'.repeat(65), text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a text that is a number',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-1', text: 12 },
      400,
      'validation_failed',
    ],
    [
      'a text of blanks only',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-2', text: ' \n\t ' },
      400,
      'validation_failed',
    ],
    [
      'a text far too long',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-3', text: 'x'.repeat(5000) },
      400,
      'validation_failed',
    ],
    [
      'attachments that are not a list',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-4', text: 'hi', attachments: 'abc' },
      400,
      'validation_failed',
    ],
    [
      'attachments that are not ids',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-5', text: 'hi', attachments: ['x'] },
      400,
      'validation_failed',
    ],
    [
      'more than ten attachments',
      'POST',
      () => `${conversation()}/messages`,
      {
        clientId: 'c-6',
        attachments: Array.from({ length: 11 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`),
      },
      400,
      'validation_failed',
    ],
    ['a page limit of 0', 'GET', () => `${conversation()}/messages?limit=0`, undefined, 400, 'validation_failed'],
    [
      'a page limit that is not a number',
      'GET',
      () => `${conversation()}/messages?limit=ten`,
      undefined,
      400,
      'validation_failed',
    ],
    [
      'a before cursor that is not an id',
      'GET',
      () => `${conversation()}/messages?before=yesterday`,
      undefined,
      400,
      'validation_failed',
    ],
    [
      'both cursors',
      'GET',
      () => `${conversation()}/messages?before=${messageId}&after=${messageId}`,
      undefined,
      400,
      'validation_failed',
    ],
    [
      'a list cursor made up',
      'GET',
      () => '/api/messages/conversations?cursor=abc',
      undefined,
      400,
      'validation_failed',
    ],
    ['a read receipt without a message', 'POST', () => `${conversation()}/read`, {}, 400, 'validation_failed'],
    [
      'a read receipt for a message that is not there',
      'POST',
      () => `${conversation()}/read`,
      { messageId: '0190b3d2-7c1e-7a00-8abc-0123456789ab' },
      404,
      'message_not_found',
    ],
    ['a search without words', 'GET', () => '/api/messages/search', undefined, 400, 'validation_failed'],
    [
      'a search too long',
      'GET',
      () => `/api/messages/search?q=${'x'.repeat(101)}`,
      undefined,
      400,
      'validation_failed',
    ],
    [
      'a report with an unknown reason',
      'POST',
      () => `${conversation()}/reports`,
      { reason: 'boring', details: 'this is not a reason' },
      400,
      'validation_failed',
    ],
    [
      'a report without details',
      'POST',
      () => `${conversation()}/reports`,
      { reason: 'spam', details: 'short' },
      400,
      'validation_failed',
    ],
    [
      'an upload of an unknown kind',
      'POST',
      () => '/api/messages/media',
      { kind: 'podcast' },
      400,
      'validation_failed',
    ],
    // Paid messages: a price is the creator's, a whole number within limits; only a held message is paid again.
    [
      'a price on a fan message',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-7', text: 'pay me', priceMinor: 500 },
      403,
      'price_not_allowed',
    ],
    [
      'a price that is not whole',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-8', text: 'hi', priceMinor: 12.5 },
      400,
      'validation_failed',
    ],
    [
      'a price below the minimum',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-9', text: 'hi', priceMinor: 10 },
      400,
      'validation_failed',
    ],
    [
      'a price that is text',
      'POST',
      () => `${conversation()}/messages`,
      { clientId: 'c-10', text: 'hi', priceMinor: 'five' },
      400,
      'validation_failed',
    ],
    [
      'paying for a message id that is not an id',
      'POST',
      () => `${conversation()}/messages/nope/pay`,
      undefined,
      400,
      'bad_request',
    ],
    [
      'paying for a message that is not held',
      'POST',
      () => `${conversation()}/messages/${messageId}/pay`,
      undefined,
      409,
      'not_awaiting_payment',
    ],
    [
      'paying for a message that is not there',
      'POST',
      () => `${conversation()}/messages/0190b3d2-7c1e-7a00-8abc-0123456789ab/pay`,
      undefined,
      404,
      'message_not_found',
    ],
  ];

  it.each(cases)('%s', async (_name, method, path, body, status, code) => {
    const before = await messagingCounts();
    const response = await send(method, path(), body === undefined ? undefined : JSON.stringify(body), {
      authorization: `Bearer ${fanToken}`,
    });
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(await messagingCounts()).toEqual(before);
  });

  it.each([
    ['a message id that is not an id', { kind: 'message', messageId: 'nope' }, 400, 'validation_failed'],
    ['no message id', { kind: 'message' }, 400, 'validation_failed'],
    [
      'a message that is not there',
      { kind: 'message', messageId: '0190b3d2-7c1e-7a00-8abc-0123456789ab' },
      404,
      'message_not_found',
    ],
    ['a message of no price', { kind: 'message', messageId: 'MESSAGE' }, 404, 'message_not_found'],
    ['a price per message bought directly', { kind: 'message_fee', messageId: 'MESSAGE' }, 400, 'validation_failed'],
    [
      'a tip in a conversation id that is not an id',
      { kind: 'tip', storeSlug: 'some-store', amountMinor: 500, conversationId: 'nope' },
      400,
      'validation_failed',
    ],
    [
      'a conversation beside an item',
      { kind: 'content', contentId: '0190b3d2-7c1e-7a00-8abc-0123456789ab', conversationId: 'CONVERSATION' },
      400,
      'validation_failed',
    ],
  ])('refuses a message purchase with %s', async (_name, body, status, code) => {
    const purchases = async () =>
      (
        await platform.api.get(MikroORM).em.fork().execute<{ n: number }[]>(`select count(*)::int as n from purchases`)
      )[0].n;
    const before = await purchases();
    const filled = JSON.stringify({ method: 'card', ...body })
      .replace('MESSAGE', messageId)
      .replace('CONVERSATION', conversationId);
    const response = await send('POST', '/api/purchases', filled, {
      authorization: `Bearer ${fanToken}`,
      'idempotency-key': `bad-input-${Date.now().toString(36)}`,
    });
    expect(response).toMatchObject({ status, body: { code } });
    expect(await purchases()).toBe(before);
  });

  it.each([
    ['an unknown audience', { audience: 'everyone' }],
    ['a price that is not a number', { audience: 'paid', priceMinor: 'a lot' }],
    ['a price below the minimum', { audience: 'paid', priceMinor: 1 }],
    ['a price without the paid audience', { audience: 'signed_in', priceMinor: 500 }],
  ])("refuses a creator's message setting with %s", async (_name, body) => {
    const before = await messagingCounts();
    const response = await send('PUT', '/api/messages/settings', JSON.stringify(body), {
      authorization: `Bearer ${creatorToken}`,
    });
    expect(response).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await messagingCounts()).toEqual(before);
  });

  const preferences = async () =>
    (await platform.api
      .get(MikroORM)
      .em.fork()
      .execute(`select user_id, email_digest, updated_at from messaging_preferences order by user_id`)) as unknown[];

  it.each([
    ['a preference missing its value', 'PUT', '/api/messages/preferences', {}, 400, 'validation_failed'],
    [
      'a preference that is a string',
      'PUT',
      '/api/messages/preferences',
      { emailDigest: 'false' },
      400,
      'validation_failed',
    ],
    ['a preference that is a number', 'PUT', '/api/messages/preferences', { emailDigest: 0 }, 400, 'validation_failed'],
    ['a preference that is a list', 'PUT', '/api/messages/preferences', [true], 400, 'validation_failed'],
    [
      'an unsubscribe link without a token',
      'POST',
      '/api/messages/preferences/unsubscribe',
      undefined,
      400,
      'invalid_link',
    ],
    [
      'an unsubscribe link with a made-up token',
      'POST',
      '/api/messages/preferences/unsubscribe?token=abc.def',
      undefined,
      400,
      'invalid_link',
    ],
    [
      'an unsubscribe link with two tokens',
      'POST',
      '/api/messages/preferences/unsubscribe?token=a&token=b',
      undefined,
      400,
      'invalid_link',
    ],
    [
      'an unsubscribe page with a made-up token',
      'GET',
      '/api/messages/preferences/unsubscribe?token=%7B%7D',
      undefined,
      400,
      'invalid_link',
    ],
  ] as const)('refuses %s', async (_name, method, path, body, status, code) => {
    const before = await preferences();
    const response = await send(method, path, body === undefined ? undefined : JSON.stringify(body), {
      authorization: `Bearer ${fanToken}`,
    });
    expect(response).toMatchObject({ status, body: { code } });
    expect(await preferences()).toEqual(before);
  });

  const massCount = async () =>
    (
      await platform.api
        .get(MikroORM)
        .em.fork()
        .execute<{ n: number }[]>(`select count(*)::int as n from mass_messages`)
    )[0].n;
  const item = '44ff586c-b0bf-4560-9a17-17eb8f7bb91f';
  it.each([
    [
      'a mass message without a clientId',
      'POST',
      '/api/messages/mass-messages',
      { segment: 'favourites', text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a mass message to an unknown segment',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-1', segment: 'everyone', text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a mass message to buyers without the item',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-2', segment: 'buyers', text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a mass message naming an item for another segment',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-3', segment: 'favourites', contentId: item, text: 'hi' },
      400,
      'validation_failed',
    ],
    [
      'a mass message to buyers of an item that is not theirs',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-4', segment: 'buyers', contentId: item, text: 'hi' },
      404,
      'content_not_found',
    ],
    [
      'a mass message priced without media',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-5', segment: 'favourites', text: 'hi', priceMinor: 500 },
      400,
      'validation_failed',
    ],
    [
      'a mass message priced below the minimum',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-6', segment: 'favourites', attachments: [item], priceMinor: 1 },
      400,
      'validation_failed',
    ],
    [
      'a mass message priced as text',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-7', segment: 'favourites', attachments: [item], priceMinor: 'five' },
      400,
      'validation_failed',
    ],
    [
      'a mass message of blanks',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-8', segment: 'favourites', text: '   ' },
      400,
      'validation_failed',
    ],
    [
      'a mass message with attachments that are not ids',
      'POST',
      '/api/messages/mass-messages',
      { clientId: 'm-9', segment: 'favourites', attachments: ['x'] },
      400,
      'validation_failed',
    ],
    [
      'a mass message list cursor made up',
      'GET',
      '/api/messages/mass-messages?cursor=abc',
      undefined,
      400,
      'validation_failed',
    ],
    [
      'a mass message list limit of 0',
      'GET',
      '/api/messages/mass-messages?limit=0',
      undefined,
      400,
      'validation_failed',
    ],
    [
      'an audience without a segment',
      'GET',
      '/api/messages/mass-messages/audience',
      undefined,
      400,
      'validation_failed',
    ],
    [
      'an audience of buyers without the item',
      'GET',
      '/api/messages/mass-messages/audience?segment=buyers',
      undefined,
      400,
      'validation_failed',
    ],
    [
      'an audience of an item id that is not an id',
      'GET',
      '/api/messages/mass-messages/audience?segment=buyers&contentId=abc',
      undefined,
      400,
      'validation_failed',
    ],
    ['a mass message id that is not an id', 'GET', '/api/messages/mass-messages/nope', undefined, 400, 'bad_request'],
    [
      'an unsend of a mass message that is not there',
      'POST',
      '/api/messages/mass-messages/0190b3d2-7c1e-7a00-8abc-0123456789ab/unsend',
      undefined,
      404,
      'mass_message_not_found',
    ],
  ])('refuses %s', async (_name, method, path, body, status, code) => {
    const before = { messaging: await messagingCounts(), mass: await massCount() };
    const response = await send(method, path, body === undefined ? undefined : JSON.stringify(body), {
      authorization: `Bearer ${creatorToken}`,
    });
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect({ messaging: await messagingCounts(), mass: await massCount() }).toEqual(before);
  });

  it.each([
    ['a message that is not theirs', () => `${conversation()}/messages/${messageId}/unsend`, 403, 'not_your_message'],
    ['a message id that is not an id', () => `${conversation()}/messages/nope/unsend`, 400, 'bad_request'],
    [
      'a message that is not there',
      () => `${conversation()}/messages/0190b3d2-7c1e-7a00-8abc-0123456789ab/unsend`,
      404,
      'message_not_found',
    ],
  ])('refuses the unsend of %s', async (_name, path, status, code) => {
    const before = await messagingCounts();
    const response = await send('POST', path(), undefined, { authorization: `Bearer ${creatorToken}` });
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(await messagingCounts()).toEqual(before);
  });
});
