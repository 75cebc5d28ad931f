import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { SITE_ACCESS_COOKIE } from '#app/identity';
import { FixedClock, signedInUser, staffSession, startTestPlatform, type TestPlatform, waitFor } from '#app/testing';

let platform: TestPlatform;
const clock = new FixedClock(new Date('2026-11-22T12:00:10Z'));
let admin: Awaited<ReturnType<typeof staffSession>>;

const ip = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

async function setPassword(password: string | null, token = admin.token) {
  return fetch(`${platform.baseUrl}/api/admin/site-password`, {
    method: password === null ? 'DELETE' : 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: password === null ? undefined : JSON.stringify({ password }),
  });
}

async function unlock(password: unknown, headers: Record<string, string> = ip(1)) {
  return fetch(`${platform.baseUrl}/api/site-gate/unlock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ password }),
  });
}

/** Whether the gate stops this caller now (each api instance caches its view for SITE_GATE_CACHE_MS, 100 ms in tests). */
async function stoppedByGate(headers: Record<string, string> = ip(2)): Promise<boolean> {
  const answer = await fetch(`${platform.baseUrl}/auth/v1/user`, { headers });
  return answer.status === 401 && ((await answer.json()) as { error_code?: string }).error_code === 'site_locked';
}

/** Waits until the gate's cached view shows the change: it stops (or lets through) this caller. */
const gateShows = (stopped: boolean, headers?: Record<string, string>) =>
  waitFor(async () => (await stoppedByGate(headers)) === stopped, {
    timeoutMs: 5_000,
    what: `the site gate to ${stopped ? 'stop' : 'admit'} the caller`,
  });

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  admin = await staffSession(platform, 'admin', () => clock.now());
});

afterAll(async () => {
  await platform?.close();
});

describe('site password gate', () => {
  it('is open while no password is set', async () => {
    const response = await fetch(`${platform.baseUrl}/auth/v1/user`);
    expect(await response.json()).toMatchObject({ error_code: 'no_authorization' });
    expect((await unlock('anything')).status).toBe(204);
  });

  it('only admins with an aal2 session set or clear it; moderators, fans and anonymous callers are refused', async () => {
    const fan = await signedInUser(platform);
    const moderator = await staffSession(platform, 'moderator', () => clock.now());
    expect((await setPassword('letmein', fan.session.access_token)).status).toBe(403);
    expect((await setPassword('letmein', moderator.token)).status).toBe(403);
    const anonymous = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"password":"x"}',
    });
    expect(anonymous.status).toBe(401);
    const empty = await setPassword('');
    expect(empty.status).toBe(400);
    expect(await platform.api.get(MikroORM).em.fork().execute(`select 1 from site_password`)).toHaveLength(0);
  });

  it('locks every page and API call, keeps the hash on the server, and unlocks one browser with a signed cookie', async () => {
    const set = await setPassword('Coming-soon-2026');
    expect(set.status).toBe(200);
    const [row] = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ password_hash: string }[]>(`select password_hash from site_password`);
    // bcrypt at the configured cost (12 in production; the test platform hashes at BCRYPT_COST 4).
    expect(row.password_hash.split('$').slice(1, 3)).toEqual([
      expect.stringMatching(/^2[aby]$/),
      String(platform.config.BCRYPT_COST).padStart(2, '0'),
    ]);

    const api = await fetch(`${platform.baseUrl}/auth/v1/user`, { headers: ip(2) });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ error_code: 'site_locked' });
    const status = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(status.status).toBe(401);
    const health = await fetch(`${platform.baseUrl}/health`);
    expect(health.status).not.toBe(401);

    const wrong = await unlock('coming-soon-2026');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid password' });
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await unlock('Coming-soon-2026');
    expect(right.status).toBe(204);
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${SITE_ACCESS_COOKIE}=[^;]+; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`));
    const value = cookie.split(';')[0];
    expect(JSON.stringify(await (await unlock('x', ip(9))).json().catch(() => ({})))).not.toContain('$2');

    const unlocked = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      headers: { authorization: `Bearer ${admin.token}`, cookie: value },
    });
    expect(unlocked.status).toBe(200);
    const body = await unlocked.json();
    expect(body).toMatchObject({ enabled: true });
    expect(JSON.stringify(body)).not.toContain('$2');

    const forged = value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(`${platform.baseUrl}/auth/v1/user`, { headers: { cookie: forged } })).status).toBe(401);

    // A new password retires every earlier unlock.
    expect(await setPassword('Second-password-1', admin.token).then((r) => r.status)).toBe(401);
    const adminHeaders = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', cookie: value };
    const changed = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      method: 'PUT',
      headers: adminHeaders,
      body: JSON.stringify({ password: 'Second-password-1' }),
    });
    expect(changed.status).toBe(200);
    await gateShows(true, { cookie: value });
    expect((await fetch(`${platform.baseUrl}/auth/v1/user`, { headers: { cookie: value } })).status).toBe(401);
    const second = (await unlock('Second-password-1', ip(3))).headers.get('set-cookie')!.split(';')[0];

    const cleared = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}`, cookie: second },
    });
    expect(cleared.status).toBe(200);
    await gateShows(false);
    expect((await fetch(`${platform.baseUrl}/auth/v1/user`, { headers: ip(2) })).status).toBe(401); // no bearer: auth's own 401
    expect(await (await fetch(`${platform.baseUrl}/auth/v1/user`, { headers: ip(2) })).json()).not.toMatchObject({
      error_code: 'site_locked',
    });

    const audit = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ action: string; actor_id: string }[]>(
        `select action, actor_id from audit_log where target_type = 'site' and actor_id = ? order by id limit 3`,
        [admin.userId],
      );
    expect(audit).toEqual([
      { action: 'site_password.set', actor_id: admin.userId },
      { action: 'site_password.changed', actor_id: admin.userId },
      { action: 'site_password.cleared', actor_id: admin.userId },
    ]);
  });

  it('limits password guesses per address and answers 429 with Retry-After', async () => {
    const set = await setPassword('Rate-limited-9');
    expect(set.status).toBe(200);
    await gateShows(true);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await unlock(`guess-${i}`, ip(77))).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await unlock('Rate-limited-9', ip(77));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await unlock('Rate-limited-9', ip(78))).status).toBe(204);
    const cookie = (await unlock('Rate-limited-9', ip(79))).headers.get('set-cookie')!.split(';')[0];
    await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}`, cookie },
    });
    await gateShows(false);
  });
});

describe('first-party analytics', () => {
  const send = (body: unknown, n = 20) =>
    fetch(`${platform.baseUrl}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip(n) },
      body: JSON.stringify(body),
    });

  it('stores page views and Authentication/Error events without anything identifying', async () => {
    const orm = platform.api.get(MikroORM);
    // Suites share the run's database: this one's rows are told apart by their path.
    const at = `/analytics-e2e-${Date.now()}`;
    const response = await send({
      events: [
        { kind: 'page_view', path: `${at}/faq` },
        { kind: 'event', category: 'Authentication', action: 'sign_in', path: `${at}/sign-in` },
        {
          kind: 'event',
          category: 'Error',
          action: 'reset_password_failed',
          label: 'expired link',
          path: `${at}/reset-password`,
        },
      ],
    });
    expect(response.status).toBe(202);
    const rows = await orm.em
      .fork()
      .execute(`select kind, category, action, label, path from analytics_events where path like ? order by id`, [
        `${at}/%`,
      ]);
    expect(rows).toEqual([
      { kind: 'page_view', category: null, action: null, label: null, path: `${at}/faq` },
      { kind: 'event', category: 'Authentication', action: 'sign_in', label: null, path: `${at}/sign-in` },
      {
        kind: 'event',
        category: 'Error',
        action: 'reset_password_failed',
        label: 'expired link',
        path: `${at}/reset-password`,
      },
    ]);
    const columns = await orm.em
      .fork()
      .execute<{ column_name: string }[]>(
        `select column_name from information_schema.columns where table_name = 'analytics_events'`,
      );
    expect(columns.map((c) => c.column_name).sort()).toEqual([
      'action',
      'category',
      'id',
      'kind',
      'label',
      'path',
      'received_at',
    ]);

    const summary = await fetch(`${platform.baseUrl}/api/admin/analytics/summary?days=7`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(summary.status).toBe(200);
    expect(((await summary.json()) as { pageViews: unknown[] }).pageViews).toEqual(
      expect.arrayContaining([{ path: `${at}/faq`, count: 1 }]),
    );
    const fan = await signedInUser(platform);
    expect(
      (
        await fetch(`${platform.baseUrl}/api/admin/analytics/summary`, {
          headers: { authorization: `Bearer ${fan.session.access_token}` },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses malformed events and stores none of a bad batch', async () => {
    const orm = platform.api.get(MikroORM);
    const before = await orm.em.fork().execute(`select count(*)::int as n from analytics_events`);
    for (const body of [
      {},
      { events: [] },
      { events: [{ kind: 'page_view', path: 'https://evil.example/x' }] },
      { events: [{ kind: 'event', category: 'Marketing', action: 'x', path: '/' }] },
      { events: [{ kind: 'event', path: '/' }] },
      {
        events: [
          { kind: 'page_view', path: '/ok' },
          { kind: 'page_view', path: '/?q=1' },
        ],
      },
      { events: Array.from({ length: 21 }, () => ({ kind: 'page_view', path: '/' })) },
    ]) {
      const response = await send(body, 21);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: unknown }).message).toEqual(expect.any(String));
    }
    expect(await orm.em.fork().execute(`select count(*)::int as n from analytics_events`)).toEqual(before);
  });
});
