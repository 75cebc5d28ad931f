import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import bs58 from 'bs58';
import sharp from 'sharp';
import { randomBytes, randomUUID } from 'node:crypto';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import {
  callApi,
  changeRole,
  signedInUser,
  staffSession,
  startTestPlatform,
  tusUpload,
  verifiedCreator,
  type TestPlatform,
} from '#app/testing';
import { RealtimePublisher } from '#app/realtime';
import { CARD, postForm, waitFor } from './commerce-fixtures.js';

/**
 * Every staff route of the OpenAPI document, called by every kind of caller that must be refused.
 * The document is generated from the code, so a new /api/admin route is covered without editing
 * this file.
 */
let platform: TestPlatform;
let routes: { method: string; path: string }[];
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
/** Routes authorised by a signed link instead of a bearer token. */
const LINK_ROUTES = new Set(['GET /api/admin/verification-images']);
/** Admin-only routes: moderators (aal2) are refused too. */
const ADMIN_ONLY = [
  'GET /api/admin/users',
  'PUT /api/admin/users/{id}/role',
  'GET /api/admin/audit-log',
  'GET /api/admin/site-password',
  'PUT /api/admin/site-password',
  'DELETE /api/admin/site-password',
  'GET /api/admin/rewards/airdrop-export',
  'GET /api/admin/moderation/compliance-reports',
  'GET /api/admin/moderation/compliance-reports/{id}/csv',
  'POST /api/admin/content/{id}/remove',
  'POST /api/admin/content/{id}/restore',
];

async function call(method: string, path: string, token?: string) {
  const response = await fetch(`${platform.baseUrl}${path.replace(/\{[^}]+\}/g, SAMPLE_ID)}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body:
      method === 'GET' || method === 'DELETE'
        ? undefined
        : JSON.stringify({ role: 'admin', reason: 'matrix test reason', password: 'x' }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as { code?: string } | null };
}

const auditRows = async () =>
  (await platform.api.get(MikroORM).em.fork().execute<{ n: number }[]>(`select count(*)::int as n from audit_log`))[0]
    .n;

beforeAll(async () => {
  // Live, so the store and payment routes are open (before launch they answer not_launched to everyone).
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live' } });
  const document = (await (await fetch(`${platform.baseUrl}/api/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))
    .filter((route) => !LINK_ROUTES.has(`${route.method} ${route.path}`));
});

afterAll(async () => {
  await platform?.close();
});

describe('staff routes refuse everyone who is not staff with a second factor', () => {
  it('finds the console routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const route of ADMIN_ONLY) expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(route);
  });

  it('answers 401 without a token and 403 to a fan, a creator and an admin signed in with a password only', async () => {
    const fan = await signedInUser(platform);
    const creator = await signedInUser(platform);
    const admin = await signedInUser(platform);
    await changeRole(platform, creator.session.user.id, 'creator');
    await changeRole(platform, admin.session.user.id, 'admin');
    await creator.client.refreshSession();
    await admin.client.refreshSession();
    const aal1Admin = (await admin.client.getSession()).data.session!.access_token;
    // The roles above were given through the audited role change; the refusals below add nothing.
    const auditRowsBefore = await auditRows();

    const failures: string[] = [];
    for (const { method, path } of routes) {
      const anonymous = await call(method, path);
      if (anonymous.status !== 401) failures.push(`${method} ${path} anonymous -> ${anonymous.status}`);
      for (const [who, token, code] of [
        ['fan', fan.session.access_token, 'forbidden'],
        ['creator', (await creator.client.getSession()).data.session!.access_token, 'forbidden'],
        ['aal1 admin', aal1Admin, 'insufficient_aal'],
      ] as const) {
        const response = await call(method, path, token);
        if (response.status !== 403 || response.body?.code !== code)
          failures.push(`${method} ${path} ${who} -> ${response.status} ${response.body?.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await auditRows()).toBe(auditRowsBefore);
  });

  it('refuses moderators (aal2) on admin-only routes', async () => {
    const moderator = await staffSession(platform, 'moderator');
    const auditRowsBefore = await auditRows();
    const failures: string[] = [];
    for (const route of ADMIN_ONLY) {
      const [method, path] = route.split(' ');
      const response = await call(method, path, moderator.token);
      if (response.status !== 403) failures.push(`${route} moderator -> ${response.status}`);
    }
    expect(failures).toEqual([]);
    expect(await auditRows()).toBe(auditRowsBefore);
  });

  it('refuses image links to anyone without a valid signature, whatever bearer they send', async () => {
    const moderator = await staffSession(platform, 'moderator');
    for (const url of [
      '/api/admin/verification-images',
      '/api/admin/verification-images?token=abc.def',
      '/api/admin/verification-images?token=a.b.c',
    ]) {
      const response = await fetch(`${platform.baseUrl}${url}`, {
        headers: { authorization: `Bearer ${moderator.token}` },
      });
      expect(response.status).toBe(403);
    }
  });
});

describe("user-scoped routes act on the caller's own records only", () => {
  it("gives another user's token nothing of yours to read or change", async () => {
    const owner = await signedInUser(platform);
    const stranger = await signedInUser(platform);
    const ownerToken = owner.session.access_token;
    const strangerToken = stranger.session.access_token;
    const ownerId = owner.session.user.id;
    const send = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${platform.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          apikey: 'fanmint-public-anon-key',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });

    // The owner's records: rewards, a session, an (unverified) authenticator factor.
    expect(
      (await send('PUT', '/api/rewards/wallet', ownerToken, { walletAddress: bs58.encode(randomBytes(32)) })).status,
    ).toBe(200);
    expect(
      (
        await send('PUT', '/api/rewards/telegram', ownerToken, {
          telegramUsername: `owner_${randomBytes(4).toString('hex')}`,
        })
      ).status,
    ).toBe(200);
    const factor = (await (
      await send('POST', '/auth/v1/factors', ownerToken, { factor_type: 'totp', friendly_name: 'Authenticator App' })
    ).json()) as { id: string };
    const avatarForm = async () => {
      const form = new FormData();
      form.append(
        'image',
        new Blob([
          new Uint8Array(
            await sharp({ create: { width: 96, height: 96, channels: 3, background: '#3366aa' } })
              .png()
              .toBuffer(),
          ),
        ]),
        'me.png',
      );
      return form;
    };
    const putAvatar = async (token?: string) =>
      fetch(`${platform.baseUrl}/api/account/avatar`, {
        method: 'PUT',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body: await avatarForm(),
      });
    expect((await putAvatar(ownerToken)).status).toBe(200);
    const ownerSessionId = (
      JSON.parse(Buffer.from(ownerToken.split('.')[1], 'base64url').toString()) as { session_id: string }
    ).session_id;
    const db = platform.api.get(MikroORM).em.fork();
    const snapshot = async () => ({
      rewards: await db.execute(`select * from user_rewards where user_id = ?`, [ownerId]),
      sessions: await db.execute(`select id from sessions where user_id = ? order by id`, [ownerId]),
      factors: await db.execute(`select id, status from mfa_factors where user_id = ? order by id`, [ownerId]),
      avatar: await db.execute(`select file_key, version from account_avatars where user_id = ?`, [ownerId]),
    });
    const before = await snapshot();
    expect(before.factors).toHaveLength(1);

    // What the stranger reads is their own (empty) record, never the owner's.
    expect(await (await send('GET', '/api/rewards', strangerToken)).json()).toMatchObject({
      walletAddress: null,
      telegramUsername: null,
    });
    expect(await (await send('GET', '/api/verify-user/status', strangerToken)).json()).toMatchObject({ status: null });
    expect(await (await send('GET', '/api/dashboard/summary', strangerToken)).json()).toEqual({
      role: 'fan',
      verificationStatus: null,
      creator: null,
      fan: { recentPurchases: [], subscriptions: [], favorites: [] },
    });
    const sessions = (await (await send('GET', '/api/account/sessions', strangerToken)).json()) as { id: string }[];
    expect(sessions.map((session) => session.id)).not.toContain(ownerSessionId);
    const user = (await (await send('GET', '/auth/v1/user', strangerToken)).json()) as {
      id: string;
      factors?: unknown[];
    };
    expect(user.id).toBe(stranger.session.user.id);

    // What the stranger changes is their own record; the owner's ids answer 404.
    await send('DELETE', '/api/rewards/wallet', strangerToken);
    await send('DELETE', '/api/rewards/telegram', strangerToken);
    expect((await send('DELETE', `/api/account/sessions/${ownerSessionId}`, strangerToken)).status).toBe(404);
    expect((await send('POST', `/auth/v1/factors/${factor.id}/challenge`, strangerToken)).status).toBe(404);
    expect(
      (
        await send('POST', `/auth/v1/factors/${factor.id}/verify`, strangerToken, {
          challenge_id: factor.id,
          code: '123456',
        })
      ).status,
    ).toBe(404);
    expect((await send('DELETE', `/auth/v1/factors/${factor.id}`, strangerToken)).status).toBe(404);

    // The profile picture routes act on the caller's own picture only; the owner's stays as it was.
    expect(await (await send('GET', '/api/account/avatar', strangerToken)).json()).toEqual({ avatarUrl: null });
    expect((await putAvatar(strangerToken)).status).toBe(200);
    expect((await send('DELETE', '/api/account/avatar', strangerToken)).status).toBe(200);
    expect((await putAvatar()).status).toBe(401);
    for (const method of ['GET', 'DELETE'])
      expect((await fetch(`${platform.baseUrl}/api/account/avatar`, { method })).status).toBe(401);
    // Loading it is public (like a display name), and changes nothing.
    expect((await fetch(`${platform.baseUrl}/api/avatars/${ownerId}`)).status).toBe(200);

    // The data export and the deletion preview are the caller's own; signed out, they and deletion answer 401.
    const exported = (await (await send('GET', '/api/account/export', strangerToken)).json()) as {
      account: { id: string; email: string };
    };
    expect(exported.account).toMatchObject({ id: stranger.session.user.id, email: stranger.email });
    expect(JSON.stringify(exported)).not.toContain(ownerId);
    expect((await send('GET', '/api/account/deletion', strangerToken)).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/account/export'],
      ['GET', '/api/account/export/purchases.csv'],
      ['GET', '/api/account/deletion'],
      ['DELETE', '/api/account'],
    ]) {
      expect((await fetch(`${platform.baseUrl}${path}`, { method })).status).toBe(401);
    }

    expect(await snapshot()).toEqual(before);
    expect((await send('GET', '/auth/v1/user', ownerToken)).status).toBe(200);
  });
});

describe("payment routes act on the caller's own purchases and saved cards only", () => {
  it("answer 401 signed out and 404 to another fan's token on the purchase, refresh and saved-card routes, and change nothing", async () => {
    const creator = await verifiedCreator(platform);
    const slug = `matrix-${randomBytes(3).toString('hex')}`;
    expect(
      (await callApi(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Matrix Shop' })).status,
    ).toBe(201);
    expect(
      (
        await callApi(platform, 'PATCH', '/api/stores/mine', creator.token, {
          access: { subscriptionEnabled: true, subscriptionPriceMinor: 500 },
        })
      ).status,
    ).toBe(200);
    // The owner subscribes on the hosted page: a paid purchase, and a card the acquirer saved under their id.
    const owner = await signedInUser(platform);
    const stranger = await signedInUser(platform);
    const ownerToken = owner.session.access_token;
    const strangerToken = stranger.session.access_token;
    const subscribed = await callApi(
      platform,
      'POST',
      '/api/purchases',
      ownerToken,
      { kind: 'subscription', storeSlug: slug, method: 'card' },
      { 'idempotency-key': `matrix-${randomBytes(6).toString('hex')}` },
    );
    expect(subscribed.status).toBe(201);
    await postForm(subscribed.body.checkoutUrl, CARD);
    const purchaseId = subscribed.body.id as string;
    const db = platform.api.get(MikroORM).em.fork();
    await waitFor(
      async () =>
        (await db.execute<{ status: string }[]>(`select status from purchases where id = ?`, [purchaseId]))[0]
          .status === 'paid',
      15_000,
      'the payment webhook',
    );
    const [card] = (await callApi(platform, 'GET', '/api/billing/payment-methods', ownerToken)).body.items as {
      id: string;
    }[];
    const snapshot = async () => ({
      purchase: await db.execute(`select * from purchases where id = ?`, [purchaseId]),
      cards: (await callApi(platform, 'GET', '/api/billing/payment-methods', ownerToken)).body,
    });
    const before = await snapshot();
    expect(before.cards.items).toHaveLength(1);

    const routes = [
      ['GET', `/api/purchases/${purchaseId}`],
      ['POST', `/api/purchases/${purchaseId}/refresh`],
      ['GET', `/api/purchases/${purchaseId}/content`],
      ['DELETE', `/api/billing/payment-methods/${card.id}`],
    ] as const;
    const failures: string[] = [];
    for (const [method, path] of [...routes, ['GET', '/api/billing/payment-methods'] as const]) {
      const anonymous = await callApi(platform, method, path, null);
      if (anonymous.status !== 401) failures.push(`${method} ${path} anonymous -> ${anonymous.status}`);
    }
    for (const [method, path] of routes) {
      const response = await callApi(platform, method, path, strangerToken);
      if (response.status !== 404) failures.push(`${method} ${path} stranger -> ${response.status}`);
    }
    expect(failures).toEqual([]);
    // What the stranger lists is their own (empty) set of cards.
    expect((await callApi(platform, 'GET', '/api/billing/payment-methods', strangerToken)).body).toEqual({ items: [] });
    expect(await snapshot()).toEqual(before);
  });
});

describe("a store's banner, avatar and age record belong to their owner", () => {
  it("lets another creator, a fan or no one change your store's images, and records a fan's age check on their own account only", async () => {
    const owner = await verifiedCreator(platform);
    const other = await verifiedCreator(platform);
    const fan = await signedInUser(platform);
    const slug = `images-${randomBytes(3).toString('hex')}`;
    expect(
      (await callApi(platform, 'POST', '/api/stores', owner.token, { slug, displayName: 'Owner Shop' })).status,
    ).toBe(201);
    expect(
      (await callApi(platform, 'POST', '/api/stores', other.token, { slug: `${slug}-b`, displayName: 'Other Shop' }))
        .status,
    ).toBe(201);
    const photo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const upload = async (kind: string, token: string | null) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      return (
        await fetch(`${platform.baseUrl}/api/stores/mine/${kind}`, {
          method: 'PUT',
          headers: token ? { authorization: `Bearer ${token}` } : {},
          body: form,
        })
      ).status;
    };
    expect(await upload('banner', owner.token)).toBe(200);
    expect(await upload('avatar', owner.token)).toBe(200);
    const db = platform.api.get(MikroORM).em.fork();
    const ownerRow = async () =>
      db.execute(`select banner_key, avatar_key, updated_at from stores where slug = ?`, [slug]);
    const before = await ownerRow();

    const failures: string[] = [];
    for (const [method, kind] of [
      ['PUT', 'banner'],
      ['PUT', 'avatar'],
      ['DELETE', 'banner'],
      ['DELETE', 'avatar'],
    ] as const) {
      const anonymous =
        method === 'PUT'
          ? await upload(kind, null)
          : (await callApi(platform, method, `/api/stores/mine/${kind}`, null)).status;
      if (anonymous !== 401) failures.push(`${method} ${kind} anonymous -> ${anonymous}`);
      const asFan =
        method === 'PUT'
          ? await upload(kind, fan.session.access_token)
          : (await callApi(platform, method, `/api/stores/mine/${kind}`, fan.session.access_token)).status;
      if (asFan !== 404) failures.push(`${method} ${kind} fan without a store -> ${asFan}`);
      // Another creator's session reaches their own store only.
      const asOther =
        method === 'PUT'
          ? await upload(kind, other.token)
          : (await callApi(platform, method, `/api/stores/mine/${kind}`, other.token)).status;
      if (asOther !== 200) failures.push(`${method} ${kind} other creator -> ${asOther}`);
    }
    expect(failures).toEqual([]);
    expect(await ownerRow()).toEqual(before);

    expect((await callApi(platform, 'POST', '/api/age-check', fan.session.access_token)).status).toBe(200);
    const ages = await db.execute<{ user_id: string }[]>(
      `select user_id from age_confirmations where user_id in (?, ?, ?)`,
      [owner.userId, other.userId, fan.session.user.id],
    );
    expect(ages.map((row) => row.user_id)).toEqual([fan.session.user.id]);
    // The owner's own answer: never recorded by the fan's declaration (a store's owner counts as checked by their ID check, unrecorded).
    expect((await callApi(platform, 'GET', '/api/age-check', owner.token)).body).toEqual({
      confirmed: true,
      recordedAt: null,
    });
  });
});

describe("content arrangement routes act on the creator's own items only", () => {
  it('answer 401 signed out and 404 to another creator, a fan and staff on order, cover and teaser, and change nothing', async () => {
    const creator = await verifiedCreator(platform);
    const other = await verifiedCreator(platform);
    const fan = await signedInUser(platform);
    const moderator = await staffSession(platform, 'moderator');
    const album = (
      await callApi(platform, 'POST', '/api/content', creator.token, {
        kind: 'album',
        title: 'Matrix album',
        priceMinor: 100,
        currency: 'USD',
      })
    ).body as { id: string };
    const db = platform.api.get(MikroORM).em.fork();
    // Two photos uploaded over tus, processed by the worker.
    for (const background of ['#335577', '#557733']) {
      const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .jpeg()
        .toBuffer();
      const upload = await tusUpload(platform.baseUrl, creator.token, photo, {
        contentId: album.id,
        filename: 'p.jpg',
        filetype: 'image/jpeg',
      });
      expect(upload.error).toBeNull();
    }
    await platform.drain();
    let files: string[] = [];
    await waitFor(
      async () => {
        const media = (await callApi(platform, 'GET', `/api/content/${album.id}`, creator.token)).body.media as {
          id: string;
          status: string;
        }[];
        files = media.map((file) => file.id);
        return media.length === 2 && media.every((file) => file.status === 'ready');
      },
      60_000,
      'the photos to be processed',
    );
    await platform.drain();
    const snapshot = async () => ({
      item: await db.execute(`select * from content_items where id = ?`, [album.id]),
      media: await db.execute(`select id, position from content_media where content_id = ? order by id`, [album.id]),
    });
    const before = await snapshot();
    const routes = [
      [`/api/content/${album.id}/media-order`, { mediaIds: [...files].reverse() }],
      [`/api/content/${album.id}/cover`, { mediaId: files[1] }],
      [`/api/content/${album.id}/teaser`, { teaser: 'preview' }],
    ] as const;
    const failures: string[] = [];
    for (const [path, body] of routes) {
      for (const [who, token, expected] of [
        ['anonymous', null, 401],
        ['other creator', other.token, 404],
        ['fan', fan.session.access_token, 404],
        ['moderator', moderator.token, 404],
      ] as const) {
        const status = (await callApi(platform, 'PUT', path, token, body)).status;
        if (status !== expected) failures.push(`PUT ${path} ${who} -> ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The creator's own token works on the same routes.
    expect((await callApi(platform, 'PUT', routes[0][0], creator.token, routes[0][1])).status).toBe(200);
  });
});

describe('realtime broadcast routes write only where the caller may', () => {
  it('answer 401 without the apikey or a signed-in token, 403 on topics that are not the caller’s to write, and deliver nothing', async () => {
    const owner = await signedInUser(platform);
    const stranger = await signedInUser(platform);
    const moderator = await staffSession(platform, 'moderator');
    const ownerId = owner.session.user.id;
    const listener = new RealtimeClient(`${platform.baseUrl}/realtime/v1`, {
      params: { apikey: 'fanmint-public-anon-key' },
      transport: WebSocket as never,
      timeout: 5000,
    });
    void listener.setAuth(owner.session.access_token);
    const delivered: unknown[] = [];
    const ownChannel = listener
      .channel(`user:${ownerId}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => delivered.push(message));
    const joined = await new Promise<string>((resolve) => ownChannel.subscribe((status) => resolve(status)));
    expect(joined).toBe('SUBSCRIBED');

    const post = (token: string | null, topic: string, apikey = 'fanmint-public-anon-key') =>
      fetch(
        `${platform.baseUrl}/realtime/v1/api/broadcast/${encodeURIComponent(topic)}/events/client%3Aforged?private=true`,
        {
          method: 'POST',
          headers: {
            apikey,
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ forged: true }),
        },
      ).then((response) => response.status);
    const failures: string[] = [];
    for (const [who, token, topic, apikey, expected] of [
      ['anonymous', null, `user:${ownerId}`, undefined, 401],
      ['the anon key as a token', 'fanmint-public-anon-key', `user:${ownerId}`, undefined, 401],
      ['a wrong apikey', stranger.session.access_token, `user:${ownerId}`, 'wrong-key', 401],
      ['another user', stranger.session.access_token, `user:${ownerId}`, undefined, 403],
      ['the owner (server-only topic)', owner.session.access_token, `user:${ownerId}`, undefined, 403],
      ['a fan on the staff topic', stranger.session.access_token, 'staff:moderation', undefined, 403],
      ['a fan on an unknown topic', stranger.session.access_token, `other:${ownerId}`, undefined, 403],
    ] as const) {
      const status = await post(token, topic, apikey);
      if (status !== expected) failures.push(`${who} on ${topic} -> ${status}`);
    }
    expect(failures).toEqual([]);
    expect(await post(moderator.token, 'staff:moderation')).toBe(202);
    // A marker published after the refused posts takes the same bus: once it is here, a forged event would be too.
    await platform.api.get(RealtimePublisher).publish(`user:${ownerId}`, 'marker', {});
    await waitFor(async () => delivered.length > 0, 5_000, 'the marker at the owner');
    expect(delivered).toEqual([expect.objectContaining({ event: 'marker' })]);
    await listener.disconnect();
  });
});

describe("messaging routes act on the caller's own conversations only", () => {
  it('answer 401 signed out and 404 to a stranger, another creator and a moderator on every conversation route, and change nothing', async () => {
    const creator = await verifiedCreator(platform);
    const slug = `talk-${randomBytes(3).toString('hex')}`;
    expect(
      (await callApi(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Talk Shop' })).status,
    ).toBe(201);
    // Tips on: a tip naming someone else's conversation is refused for the conversation, not the store.
    expect(
      (
        await callApi(platform, 'PATCH', '/api/stores/mine', creator.token, {
          tips: { enabled: true, minimumTipMinor: 300 },
        })
      ).status,
    ).toBe(200);
    const owner = await signedInUser(platform);
    const ownerToken = owner.session.access_token;
    const opened = await callApi(platform, 'POST', '/api/messages/conversations', ownerToken, { storeSlug: slug });
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    const fromCreator = await callApi(platform, 'POST', `/api/messages/conversations/${id}/messages`, creator.token, {
      clientId: 'matrix-1',
      text: 'Hello, fan',
    });
    expect(fromCreator.status).toBe(201);
    const messageId = fromCreator.body.id as string;
    const stranger = await signedInUser(platform);
    const otherCreator = await verifiedCreator(platform);
    expect(
      (
        await callApi(platform, 'POST', '/api/stores', otherCreator.token, {
          slug: `${slug}-b`,
          displayName: 'Other Talk Shop',
        })
      ).status,
    ).toBe(201);
    const moderator = await staffSession(platform, 'moderator');
    const db = platform.api.get(MikroORM).em.fork();
    const snapshot = async () => ({
      conversation: await db.execute(`select * from conversations where id = ?`, [id]),
      members: await db.execute(`select * from conversation_members where conversation_id = ? order by user_id`, [id]),
      messages: await db.execute(`select id, sender_id, body from messages where conversation_id = ? order by id`, [
        id,
      ]),
      reports: await db.execute(`select id from message_reports where conversation_id = ?`, [id]),
      settings: await db.execute(`select * from messaging_settings where creator_id = ?`, [creator.userId]),
      purchases: await db.execute(`select id from purchases where message_id = ? or conversation_id = ?`, [
        messageId,
        id,
      ]),
    });
    const before = await snapshot();

    const routes = [
      ['GET', `/api/messages/conversations/${id}`, undefined],
      ['GET', `/api/messages/conversations/${id}/messages`, undefined],
      ['POST', `/api/messages/conversations/${id}/messages`, { clientId: 'intruder-1', text: 'let me in' }],
      ['POST', `/api/messages/conversations/${id}/read`, { messageId }],
      ['PUT', `/api/messages/conversations/${id}/block`, undefined],
      ['DELETE', `/api/messages/conversations/${id}/block`, undefined],
      ['PUT', `/api/messages/conversations/${id}/mute`, undefined],
      ['DELETE', `/api/messages/conversations/${id}/mute`, undefined],
      ['POST', `/api/messages/conversations/${id}/reports`, { reason: 'spam', details: 'not my conversation at all' }],
      ['GET', `/api/messages/conversations/${id}/messages/${messageId}/media/${randomUUID()}`, undefined],
      ['POST', `/api/messages/conversations/${id}/messages/${messageId}/unsend`, undefined],
      ['POST', `/api/messages/conversations/${id}/messages/${messageId}/pay`, undefined],
    ] as const;
    const failures: string[] = [];
    for (const [method, path, body] of routes) {
      const anonymous = await callApi(platform, method, path, null, body);
      if (anonymous.status !== 401) failures.push(`${method} ${path} anonymous -> ${anonymous.status}`);
      for (const [who, token] of [
        ['stranger', stranger.session.access_token],
        ['other creator', otherCreator.token],
        ['moderator', moderator.token],
      ] as const) {
        const response = await callApi(platform, method, path, token, body);
        if (response.status !== 404) failures.push(`${method} ${path} ${who} -> ${response.status}`);
      }
    }
    for (const [method, path] of [
      ['GET', '/api/messages/conversations'],
      ['GET', '/api/messages/unread'],
      ['GET', '/api/messages/search?q=hello'],
      ['GET', '/api/messages/settings'],
      ['PUT', '/api/messages/settings'],
      ['POST', '/api/messages/media'],
    ] as const) {
      const anonymous = await callApi(
        platform,
        method,
        path,
        null,
        method === 'GET' ? undefined : { audience: 'paid', priceMinor: 100, kind: 'album' },
      );
      if (anonymous.status !== 401) failures.push(`${method} ${path} anonymous -> ${anonymous.status}`);
    }
    // Nobody else unlocks a message of this conversation or tips into it (a stranger, another creator, a moderator).
    for (const [who, token] of [
      ['stranger', stranger.session.access_token],
      ['other creator', otherCreator.token],
      ['moderator', moderator.token],
    ] as const) {
      for (const body of [
        { kind: 'message', messageId },
        { kind: 'tip', storeSlug: slug, amountMinor: 500, conversationId: id },
      ]) {
        const bought = await callApi(
          platform,
          'POST',
          '/api/purchases',
          token,
          { ...body, method: 'card' },
          { 'idempotency-key': `matrix-${randomBytes(6).toString('hex')}` },
        );
        if (bought.status !== 404)
          failures.push(`POST /api/purchases ${body.kind} ${who} -> ${bought.status} ${bought.body.code}`);
      }
    }
    expect(failures).toEqual([]);

    // What the others list, count and find is their own; a fan has no message settings; another creator changes only theirs.
    expect((await callApi(platform, 'GET', '/api/messages/conversations', stranger.session.access_token)).body).toEqual(
      { items: [], nextCursor: null },
    );
    expect((await callApi(platform, 'GET', '/api/messages/unread', stranger.session.access_token)).body).toEqual({
      total: 0,
      conversations: 0,
    });
    expect(
      (await callApi(platform, 'GET', '/api/messages/search?q=hello', stranger.session.access_token)).body,
    ).toEqual({ items: [] });
    expect(
      (
        await callApi(platform, 'PUT', '/api/messages/settings', stranger.session.access_token, {
          audience: 'paid',
          priceMinor: 100,
        })
      ).body.code,
    ).toBe('not_a_creator');
    expect(
      (await callApi(platform, 'PUT', '/api/messages/settings', otherCreator.token, { audience: 'subscribers' })).body,
    ).toMatchObject({ audience: 'subscribers' });
    expect(
      (
        await db.execute(`select creator_id from messaging_settings where creator_id in (?, ?)`, [
          creator.userId,
          otherCreator.userId,
        ])
      ).map((row) => row.creator_id),
    ).toEqual([otherCreator.userId]);
    expect(await snapshot()).toEqual(before);
    expect(
      (await callApi(platform, 'GET', `/api/messages/conversations/${id}/messages`, ownerToken)).body.items,
    ).toHaveLength(1);
  });
  it('answer 401 signed out on messaging preferences, and let each user read and change only their own', async () => {
    const owner = await signedInUser(platform);
    const other = await signedInUser(platform);
    const ownerToken = owner.session.access_token;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { emailDigest: false }],
    ] as const) {
      expect((await callApi(platform, method, '/api/messages/preferences', null, body)).status).toBe(401);
    }
    expect(
      (await callApi(platform, 'PUT', '/api/messages/preferences', ownerToken, { emailDigest: false })).body,
    ).toEqual({ emailDigest: false });
    // Another user's token reads and writes that user's own preferences, never the owner's.
    expect((await callApi(platform, 'GET', '/api/messages/preferences', other.session.access_token)).body).toEqual({
      emailDigest: true,
    });
    expect(
      (await callApi(platform, 'PUT', '/api/messages/preferences', other.session.access_token, { emailDigest: true }))
        .body,
    ).toEqual({ emailDigest: true });
    expect((await callApi(platform, 'GET', '/api/messages/preferences', ownerToken)).body).toEqual({
      emailDigest: false,
    });
    // An unsubscribe link is the only way in without signing in, and a made-up one changes nothing.
    expect(
      (await callApi(platform, 'POST', '/api/messages/preferences/unsubscribe?token=e30.forged', null)).status,
    ).toBe(400);
    expect((await callApi(platform, 'GET', '/api/messages/preferences', other.session.access_token)).body).toEqual({
      emailDigest: true,
    });
  });

  it("answer 401 signed out and 404 to anyone but its creator on a mass message; a fan neither sends one nor unsends the creator's message", async () => {
    const creator = await verifiedCreator(platform);
    const slug = `mass-${randomBytes(3).toString('hex')}`;
    expect(
      (await callApi(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Mass Shop' })).status,
    ).toBe(201);
    const sent = await callApi(platform, 'POST', '/api/messages/mass-messages', creator.token, {
      clientId: 'matrix-mass',
      segment: 'favourites',
      text: 'News for my favourites',
    });
    expect(sent.status).toBe(202);
    const massId = sent.body.id as string;
    const fan = await signedInUser(platform);
    const conversation = (
      await callApi(platform, 'POST', '/api/messages/conversations', fan.session.access_token, { storeSlug: slug })
    ).body.id as string;
    const fromCreator = await callApi(
      platform,
      'POST',
      `/api/messages/conversations/${conversation}/messages`,
      creator.token,
      { clientId: 'matrix-mass-1', text: 'Hello' },
    );
    const otherCreator = await verifiedCreator(platform);
    expect(
      (
        await callApi(platform, 'POST', '/api/stores', otherCreator.token, {
          slug: `${slug}-b`,
          displayName: 'Other Mass Shop',
        })
      ).status,
    ).toBe(201);
    const moderator = await staffSession(platform, 'moderator');
    const db = platform.api.get(MikroORM).em.fork();
    const snapshot = async () => ({
      mass: await db.execute(`select id, status, withdrawn_at from mass_messages where creator_id in (?, ?)`, [
        creator.userId,
        otherCreator.userId,
      ]),
      messages: await db.execute(`select id, withdrawn_at from messages where conversation_id = ?`, [conversation]),
    });
    await platform.drain();
    const before = await snapshot();
    const failures: string[] = [];
    for (const [method, path] of [
      ['GET', `/api/messages/mass-messages/${massId}`],
      ['POST', `/api/messages/mass-messages/${massId}/unsend`],
    ] as const) {
      const anonymous = await callApi(platform, method, path, null);
      if (anonymous.status !== 401) failures.push(`${method} ${path} anonymous -> ${anonymous.status}`);
      for (const [who, token] of [
        ['fan', fan.session.access_token],
        ['other creator', otherCreator.token],
        ['moderator', moderator.token],
      ] as const) {
        const response = await callApi(platform, method, path, token);
        if (response.status !== 404) failures.push(`${method} ${path} ${who} -> ${response.status}`);
      }
    }
    for (const [method, path] of [
      ['GET', '/api/messages/mass-messages'],
      ['GET', '/api/messages/mass-messages/audience?segment=favourites'],
      ['POST', '/api/messages/mass-messages'],
    ] as const) {
      const anonymous = await callApi(
        platform,
        method,
        path,
        null,
        method === 'POST' ? { clientId: 'anonymous', segment: 'favourites', text: 'hi' } : undefined,
      );
      if (anonymous.status !== 401) failures.push(`${method} ${path} anonymous -> ${anonymous.status}`);
    }
    expect(failures).toEqual([]);
    // A fan is no creator; another creator lists only their own; the fan cannot unsend what the creator sent them.
    expect(
      (
        await callApi(platform, 'POST', '/api/messages/mass-messages', fan.session.access_token, {
          clientId: 'fan-mass',
          segment: 'favourites',
          text: 'hi',
        })
      ).body.code,
    ).toBe('not_a_creator');
    expect(
      (
        await callApi(
          platform,
          'GET',
          '/api/messages/mass-messages/audience?segment=favourites',
          fan.session.access_token,
        )
      ).body.code,
    ).toBe('not_a_creator');
    expect((await callApi(platform, 'GET', '/api/messages/mass-messages', otherCreator.token)).body).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await callApi(platform, 'GET', '/api/messages/mass-messages', fan.session.access_token)).body).toEqual({
      items: [],
      nextCursor: null,
    });
    expect(
      (
        await callApi(
          platform,
          'POST',
          `/api/messages/conversations/${conversation}/messages/${fromCreator.body.id}/unsend`,
          fan.session.access_token,
        )
      ).body.code,
    ).toBe('not_your_message');
    expect(await snapshot()).toEqual(before);
    expect((await callApi(platform, 'GET', `/api/messages/mass-messages/${massId}`, creator.token)).body).toMatchObject(
      { id: massId, status: 'sent' },
    );
  });
});
