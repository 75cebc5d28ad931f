import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestPlatform, waitFor, type TestPlatform } from '#app/testing';
import { ACTORS, buildWorld, type Actor, type Caller, type Fixtures } from './authorization/fixtures.js';
import { KNOWN_OPEN, MATRIX, type Outcome, type Row } from './authorization/matrix.js';

/**
 * Every operation of the OpenAPI document, called by every kind of caller on the owner's objects
 * (rows in ./authorization/matrix.ts). Each answer must have the row's status; a refused caller's
 * call must change nothing; and no answer to a caller not entitled to the object may carry a signed
 * file link, an ID document reference or another person's email address.
 */
let platform: TestPlatform;
let callers: Record<Actor, Caller>;
let fixtures: Fixtures;
let operations: string[];
let photo: Buffer;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const seenOpen = new Set<string>();

/** Tables whose rows the routes act on: a refused call leaves every one of them as it was. */
const WATCHED = [
  'users',
  'sessions',
  'mfa_factors',
  'mfa_recovery_codes',
  'account_avatars',
  'user_rewards',
  'age_confirmations',
  'consent_records',
  'stores',
  'favorites',
  'referral_links',
  'subscriptions',
  'purchases',
  'payout_methods',
  'payout_runs',
  'content_items',
  'content_media',
  'content_collaborators',
  'collaborations',
  'conversations',
  'conversation_members',
  'messages',
  'message_reports',
  'message_unlocks',
  'mass_messages',
  'posts',
  'post_media',
  'post_media_reviews',
  'post_likes',
  'post_comments',
  'messaging_settings',
  'messaging_preferences',
  'moderation_cases',
  'verification_submissions',
  'site_password',
  'compliance_reports',
  'audit_log',
];
const fingerprint = async () =>
  (
    await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<Record<string, string>[]>(
        `select ${WATCHED.map((table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t) as ${table}`).join(', ')}`,
      )
  )[0];
const changed = (before: Record<string, string>, after: Record<string, string>) =>
  WATCHED.filter((table) => before[table] !== after[table]);

function pathOf(operation: string, row: Row): string {
  if (row.path) return row.path(fixtures);
  const template = operation.split(' ')[1];
  return template
    .replace('{id}', fixtures.conversationId)
    .replace('{messageId}', fixtures.messageId)
    .replace(/\{[^}]+\}/g, SAMPLE_ID);
}

async function send(operation: string, row: Row, caller: Caller, path = pathOf(operation, row)) {
  const method = operation.split(' ')[0];
  const headers: Record<string, string> = {
    ...row.headers,
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
  };
  if (headers['idempotency-key']) headers['idempotency-key'] = `matrix-${randomBytes(6).toString('hex')}`;
  let body: string | FormData | undefined;
  if (row.form) {
    body = new FormData();
    if (row.form === 'empty') body.append('fullName', 'Matrix Caller');
    else body.append(row.form, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  } else if (row.body) {
    body = JSON.stringify(row.body(fixtures));
    headers['content-type'] = 'application/json';
  }
  // A loaded machine sheds load with 503; that says nothing about who may call, so it is asked again (for up to 1.5 s).
  let answer = { status: 0, text: '' };
  const ask = async () => {
    const response = await fetch(`${platform.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    answer = { status: response.status, text: `${response.headers.get('location') ?? ''} ${await response.text()}` };
    return answer.status !== 503;
  };
  await waitFor(ask, { timeoutMs: 1_500, intervalMs: 500 }).catch(() => undefined);
  return answer;
}

/** An answer for a failure message: JSON or text as is, a file as its size. */
const printable = (text: string) =>
  /[\u0000-\u0008\ufffd]/.test(text) ? `(${text.length} bytes of a file)` : text.slice(0, 160);
const matches = (outcome: Outcome, status: number) =>
  outcome === 'ok' ? status >= 200 && status < 300 : status === outcome;

/** What an answer to a caller not entitled to the object must not carry. */
function leaks(text: string, actor: Actor): string[] {
  const found: string[] = [];
  for (const [name, pattern] of [
    ['a signed file link', '/api/media?token='],
    ['a presigned storage URL', 'X-Amz-Signature'],
    ['a verification image link', 'verification-images?token='],
    ['an ID document reference', 'idPhotoKey'],
    ['an ID document reference', 'id_photo_key'],
    ...fixtures.idPhotoKeys.map((key) => ['an ID document reference', key]),
    ...ACTORS.filter((other) => other !== actor && callers[other].email).map((other) => [
      `the ${other}'s email address`,
      callers[other].email!,
    ]),
  ]) {
    if (text.includes(pattern)) found.push(name);
  }
  return [...new Set(found)];
}

beforeAll(async () => {
  const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-matrix-'));
  // Live, so the store and payment routes are open; limits raised, as every caller calls every route.
  platform = await startTestPlatform({
    env: { LAUNCH_PHASE: 'live', RATE_LIMIT_SCALE: '1000', STORAGE_DIR: storageDir },
  });
  const document = (await (await fetch(`${platform.baseUrl}/api/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  ({ callers, fixtures } = await buildWorld(platform));
}, 180_000);

afterAll(async () => {
  await platform?.close();
});

describe('the authorization matrix', () => {
  it('has one row for every operation of the OpenAPI document, and no row without an operation', () => {
    const rows = Object.keys(MATRIX);
    const withoutRow = operations.filter((operation) => !rows.includes(operation));
    const withoutOperation = rows.filter((row) => !operations.includes(row));
    expect({ withoutRow, withoutOperation }).toEqual({ withoutRow: [], withoutOperation: [] });
  });

  it.each(Object.keys(MATRIX))(
    '%s answers each caller as its row says, changes nothing for a refused one and leaks nothing',
    async (operation) => {
      const row = MATRIX[operation];
      const mutating = !operation.startsWith('GET ');
      const failures: string[] = [];
      const fail = (actor: Actor, what: string, own?: 'own') => {
        const key = `${operation} ${actor}${own ? ' on their own subject' : ''}`;
        if (KNOWN_OPEN[key]) seenOpen.add(key);
        else failures.push(`${actor}: ${what}`);
      };
      const refused = ACTORS.filter(
        (actor) => typeof row.expect[actor] === 'number' && (row.expect[actor] as number) >= 400,
      );
      const allowed = ACTORS.filter((actor) => !refused.includes(actor) && row.expect[actor] !== 'skip');
      // The callers of one group go at once (the api serves them concurrently anyway); the refused first, so what changed is theirs.
      const check = async (actors: Actor[]) => {
        const through: Actor[] = [];
        await Promise.all(
          actors.map(async (actor) => {
            const expected = row.expect[actor];
            const { status, text } = await send(operation, row, callers[actor]);
            if (!matches(expected, status)) {
              through.push(actor);
              fail(actor, `expected ${expected}, got ${status} ${printable(text)}`);
            }
            if (!row.entitled?.includes(actor))
              for (const leak of leaks(text, actor)) fail(actor, `the answer carries ${leak}`);
          }),
        );
        return through;
      };
      const before = mutating ? await fingerprint() : {};
      const wrong = await check(refused);
      if (mutating) {
        const tables = changed(before, await fingerprint());
        if (tables.length && wrong.length)
          for (const actor of wrong) fail(actor, `a refused call changed ${tables.join(', ')}`);
        else if (tables.length) failures.push(`a refused call (${refused.join(', ')}) changed ${tables.join(', ')}`);
      }
      await check(allowed);
      for (const [actor, path] of Object.entries(row.own ?? {}) as ['moderator' | 'admin', (f: Fixtures) => string][]) {
        const before = await fingerprint();
        const { status, text } = await send(operation, row, callers[actor], path(fixtures));
        const tables = changed(before, await fingerprint());
        if (status !== 403) fail(actor, `on their own subject: expected 403, got ${status} ${printable(text)}`, 'own');
        if (tables.length) fail(actor, `on their own subject, changed ${tables.join(', ')}`, 'own');
      }
      expect(failures).toEqual([]);
    },
  );

  it('lists as known open only what is still open', () => {
    expect(Object.keys(KNOWN_OPEN).filter((key) => !seenOpen.has(key))).toEqual([]);
  });
});
