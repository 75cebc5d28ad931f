import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  authClient,
  clientIp,
  createConfirmedUser,
  startCluster,
  STRONG_PASSWORD,
  tusUpload,
  uniqueEmail,
  verifiedCreator,
  waitFor,
  type Cluster,
} from '#app/testing';

/** Two api and two worker processes on one database and Redis; the client alternates A, B, A, … */
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({ apis: 2, workers: 2, acquirer: false });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

const A = () => cluster.api(0);
const B = () => cluster.api(1);

const userOf = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } });

async function refresh(baseUrl: string, refreshToken: string, ip: string) {
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { access_token?: string; refresh_token?: string },
  };
}

/** Waits until every outbox row is published and no job is left to run (a stray second send would be one). */
const settle = () => cluster.settled();

describe('two api and two worker processes on one PostgreSQL and Redis', () => {
  it('takes a session signed in on api A on api B, and rotates its refresh token across instances', async () => {
    const account = await createConfirmedUser(A());
    const { data, error } = await authClient(A().baseUrl, account.ip).signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(error).toBeNull();
    const session = data.session!;
    expect((await userOf(B().baseUrl, session.access_token)).status).toBe(200);

    const onB = await refresh(B().baseUrl, session.refresh_token, account.ip);
    expect(onB.status).toBe(200);
    expect(onB.body.refresh_token).not.toBe(session.refresh_token);
    const onA = await refresh(A().baseUrl, onB.body.refresh_token!, account.ip);
    expect(onA.status).toBe(200);
    expect((await userOf(B().baseUrl, onA.body.access_token!)).status).toBe(200);

    // Signing out on B ends the session on A at once.
    const out = await fetch(`${B().baseUrl}/auth/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${onA.body.access_token}` },
    });
    expect(out.status).toBe(204);
    const ended = await userOf(A().baseUrl, onA.body.access_token!);
    expect(ended.status).toBe(403);
    expect(((await ended.json()) as { code: string }).code).toBe('session_not_found');
    expect((await refresh(A().baseUrl, onA.body.refresh_token!, account.ip)).status).toBeGreaterThanOrEqual(400);
  });

  it('shares rate limits: sign-ups from one address alternating A and B stop at the 31st', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await fetch(`${cluster.next()}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: uniqueEmail('burst'), password: STRONG_PASSWORD }),
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(((await response.json()) as { code: string }).code).toBe('over_request_rate_limit');
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });

  it('sends no email twice: N sign-ups across both apis and both workers give exactly N emails', async () => {
    const N = 24;
    const emails = Array.from({ length: N }, () => uniqueEmail('once'));
    const answers = await Promise.all(
      emails.map((email) =>
        fetch(`${cluster.next()}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
          body: JSON.stringify({ email, password: STRONG_PASSWORD }),
        }).then((response) => response.status),
      ),
    );
    expect(answers).toEqual(Array(N).fill(200));
    await Promise.all(emails.map((email) => cluster.inbox.waitFor(email, /Confirm/, { timeoutMs: 60_000 })));
    await settle();
    expect(emails.map((email) => cluster.inbox.for(email).length)).toEqual(Array(N).fill(1));
  });

  it('resumes a tus upload started on api A on api B, and the worker processes the whole file', async () => {
    const creator = await verifiedCreator(A());
    const album = await fetch(`${A().baseUrl}/api/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'album', title: 'Across instances', priceMinor: 999, currency: 'EUR' }),
    });
    expect(album.status).toBe(201);
    const albumId = ((await album.json()) as { id: string }).id;
    const file = await sharp({
      create: {
        width: 1800,
        height: 1200,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(file.length).toBeGreaterThan(1024 * 1024);

    const started = await tusUpload(
      A().baseUrl,
      creator.token,
      file,
      { contentId: albumId, filename: 'across.jpg', filetype: 'image/jpeg' },
      { stopAfter: 512 * 1024 },
    );
    expect(started.error).toBeNull();
    const onB = new URL(started.url!, B().baseUrl);
    onB.host = new URL(B().baseUrl).host;
    // B sees the bytes A received (shared STORAGE_DIR), and takes the rest from there.
    const head = await fetch(onB, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${creator.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(512 * 1024);
    expect(offset).toBeLessThan(file.length);
    const finished = await tusUpload(B().baseUrl, creator.token, file, {}, { uploadUrl: onB.toString() });
    expect(finished.error).toBeNull();
    expect(finished.firstOffset).toBe(offset);

    let media: { status: string; width: number; height: number }[] = [];
    const processed = async () => {
      const view = await fetch(`${cluster.next()}/api/content/${albumId}`, {
        headers: { authorization: `Bearer ${creator.token}` },
      });
      media = ((await view.json()) as { media: typeof media }).media;
      return media.length === 1 && media[0].status !== 'uploaded';
    };
    await waitFor(processed, { timeoutMs: 60_000, intervalMs: 100 }).catch(() => undefined);
    expect(media.map((each) => [each.status, each.width, each.height])).toEqual([['ready', 1800, 1200]]);
  }, 180_000);
});
