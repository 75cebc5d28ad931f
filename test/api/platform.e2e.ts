import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import { createConfirmedUser, startTestPlatform, type TestPlatform } from '#app/testing';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

describe('platform surface: health, OpenAPI, headers, SPA, consent', () => {
  it('reports database, queue, mail and storage on /health', async () => {
    const response = await fetch(`${platform.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect((await response.json()) as Record<string, unknown>).toEqual({
      status: 'ok',
      checks: {
        database: 'up',
        queue: { status: 'up', backend: 'postgres' },
        mail: 'up',
        storage: { status: 'up', backend: 'local' },
      },
    });
  });

  it('serves an OpenAPI document generated from the code', async () => {
    const document = (await (await fetch(`${platform.baseUrl}/api/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/auth/v1/signup',
      '/auth/v1/token',
      '/auth/v1/user',
      '/auth/v1/logout',
      '/auth/v1/verify',
      '/api/users/verify-email',
      '/api/users/reset-password',
      '/functions/v1/record-user-consent',
      '/health',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect((await fetch(`${platform.baseUrl}/api/docs`)).status).toBe(200);
  });

  it('sends security headers on every response', async () => {
    for (const path of ['/health', '/sign-in', '/auth/v1/user']) {
      const response = await fetch(`${platform.baseUrl}${path}`);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeTruthy();
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('answers CORS preflights for the auth client and exposes the API version header', async () => {
    const response = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,apikey,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(response.status).toBe(204);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version'])
      expect(allowed).toContain(header);
    const error = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { origin: 'http://localhost:5173', 'x-supabase-api-version': '2024-01-01' },
    });
    expect(error.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(error.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(error.headers.get('x-sb-error-code')).toBe('no_authorization');
  });

  it('serves the single-page app for its routes and a JSON 404 for unknown API paths', async () => {
    const page = await fetch(`${platform.baseUrl}/dashboard/settings`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${platform.baseUrl}/api/unknown`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as Record<string, unknown>).code).toBe('not_found');
  });

  it('answers HEAD with the headers GET would send and no body, on API, error, page and file routes', async () => {
    // fetch drops a HEAD response's body, so read the bytes on the wire.
    const head = (path: string) =>
      new Promise<{ status: number; headers: string; extra: number }>((resolve, reject) => {
        const socket = connect(Number(new URL(platform.baseUrl).port), '127.0.0.1', () =>
          socket.write(
            `HEAD ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-encoding: br, gzip\r\nconnection: close\r\n\r\n`,
          ),
        );
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const raw = Buffer.concat(chunks).toString('latin1');
          const end = raw.indexOf('\r\n\r\n');
          resolve({
            status: Number(raw.slice(9, 12)),
            headers: raw.slice(0, end).toLowerCase(),
            extra: raw.length - end - 4,
          });
        });
      });
    for (const [path, status] of [
      ['/health', 200],
      ['/api/docs/openapi.json', 200],
      ['/auth/v1/user', 401],
      ['/api/unknown', 404],
      ['/', 200],
      ['/dashboard/settings', 200],
      ['/no-such-page', 404],
      ['/robots.txt', 200],
      ['/favicon.svg', 200],
    ] as const) {
      const response = await head(path);
      expect({ path, status: response.status, extra: response.extra }).toEqual({ path, status, extra: 0 });
      expect(response.headers).toContain('content-type:');
    }
  });

  it('stores the consent a signed-in user gives, with server time, address and user agent', async () => {
    const account = await createConfirmedUser(platform);
    const { data } = await account.client.signInWithPassword({ email: account.email, password: account.password });
    const response = await fetch(`${platform.baseUrl}/functions/v1/record-user-consent`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${data.session!.access_token}`,
        'x-forwarded-for': '198.51.100.7',
        'user-agent': 'ConsentTest/1.0',
      },
      body: JSON.stringify({
        consentData: {
          consentTypes: ['terms_of_service', 'privacy_policy', 'marketing_emails'],
          consentVersions: ['1.0.0', '1.0.0', '1.0.0'],
          ipAddress: '',
          userAgent: 'ClientSays/2.0',
        },
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()) as Record<string, unknown>).toMatchObject({
      success: true,
      error: null,
      recorded: 3,
    });
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const rows = await platform.api.get(MikroORM).em.fork().execute<
      {
        consent_type: string;
        version: string;
        ip_address: string;
        user_agent: string;
        client_user_agent: string;
        recorded_at: Date;
      }[]
    >(`select consent_type, version, ip_address, user_agent, client_user_agent, recorded_at from consent_records where user_id = ? order by consent_type`, [data.user!.id]);
    expect(rows.map((row) => row.consent_type)).toEqual(['marketing_emails', 'privacy_policy', 'terms_of_service']);
    expect(rows[0]).toMatchObject({
      version: '1.0.0',
      ip_address: '198.51.100.7',
      user_agent: 'ConsentTest/1.0',
      client_user_agent: 'ClientSays/2.0',
    });
    expect(Date.now() - new Date(rows[0].recorded_at).getTime()).toBeLessThan(60_000);
  });
});

describe('prepared statements (hot paths)', () => {
  it('runs a statement prepared once per connection, on many connections at once, with the same answers as em.execute', async () => {
    const { PreparedStatements } = await import('#app/platform');
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const statements = platform.api.get(PreparedStatements);
    const sql = `select ?::int + ?::int as sum, ?::text as label, ?::timestamptz as at, pg_backend_pid() as pid`;
    const at = new Date('2031-02-03T04:05:06.789Z');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        statements.query<{ sum: number; label: string; at: Date; pid: number }>(sql, [i, 1, `row ${i}`, at]),
      ),
    );
    expect(answers.map(([row]) => row.sum)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(answers.every(([row]) => row.label.startsWith('row ') && new Date(row.at).getTime() === at.getTime())).toBe(
      true,
    );
    expect(new Set(answers.map(([row]) => row.pid)).size).toBeGreaterThan(1);
    const [viaOrm] = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ sum: number; label: string }[]>(sql, [2, 3, 'x', at]);
    expect((await statements.query<{ sum: number; label: string }>(sql, [2, 3, 'x', at]))[0]).toMatchObject({
      sum: viaOrm.sum,
      label: viaOrm.label,
    });
    await expect(statements.query(sql, [1, 2])).rejects.toThrow('4 placeholders, 2 values');
  });
});

describe('database checks at boot', () => {
  it('warns when PostgreSQL runs without autovacuum (cached plans would keep scanning tables that grew), and only then', async () => {
    const { checkAutovacuum, AUTOVACUUM_OFF_WARNING } = await import('#app/platform');
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const orm = platform.api.get(MikroORM);
    const warnings: string[] = [];
    const setting = await checkAutovacuum((sql) => orm.em.fork().execute(sql), {
      warn: (message: string) => void warnings.push(message),
    });
    const [row] = await orm.em.fork().execute<{ autovacuum: string }[]>(`show autovacuum`);
    expect(setting).toBe(row.autovacuum);
    expect(warnings).toEqual(setting === 'on' ? [] : [AUTOVACUUM_OFF_WARNING]);
  });
});
