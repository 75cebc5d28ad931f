import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { FixedClock, verifiedCreator } from '#app/testing';
import { call, newKey, startCommercePlatform } from './commerce-fixtures.js';

/**
 * The live store page a shared link opens (issue 20): the age check of adult stores, counts, blurred
 * previews that never carry the original, a creator's banner and avatar, and a subscriber's view.
 */
const clock = new FixedClock(new Date('2027-03-10T10:00:00Z'));
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let videoId: string;
let albumId: string;
let thumbnail: Buffer;

/** A detailed picture (noise), so a blur that kept any of it would show in its size. */
const detailedPhoto = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, index) => (index * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    [format]()
    .toBuffer();

const fetchRaw = (path: string, init: RequestInit = {}) => fetch(`${f.platform.baseUrl}${path}`, init);

async function upload(kind: string, token: string | null, bytes: Buffer | null, type = 'image/jpeg') {
  const form = new FormData();
  if (bytes) form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'upload.jpg');
  const response = await fetchRaw(`/api/stores/mine/${kind}`, {
    method: 'PUT',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as {
      code?: string;
      images: { bannerUrl: string | null; avatarUrl: string | null };
    } | null,
  };
}

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  videoId = await f.approvedItem('video', 1200, 'Morning flow');
  albumId = await f.approvedItem('album', 900, 'Beach set');
  // The fixture's files share one thumbnail key: a real, detailed picture behind it.
  thumbnail = await sharp(await detailedPhoto(480, 300))
    .webp({ quality: 78 })
    .toBuffer();
  mkdirSync(join(f.storageDir, 'media'), { recursive: true });
  writeFileSync(join(f.storageDir, 'media', 'thumb.jpg'), thumbnail);
}, 120_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('a general store by its link, signed out', () => {
  it('shows the profile with its counts and offers, and no one is owner or subscriber', async () => {
    const profile = await call(f.platform, 'GET', `/api/stores/${f.slug}`, null);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      slug: f.slug,
      displayName: 'Commerce Shop',
      counts: { videos: 1, albums: 1, subscribers: null },
      subscription: { enabled: true, priceMinor: 999 },
      isOwner: false,
      isSubscribed: false,
      mySubscription: null,
      bannerUrl: null,
      avatarUrl: null,
    });
  });

  it('lists every item locked with a blurred preview only: no thumbnail, no teaser, no file, no storage key', async () => {
    const content = await call(f.platform, 'GET', `/api/stores/${f.slug}/content`, null);
    expect(content.status).toBe(200);
    expect(content.body.items.map((item: { id: string }) => item.id).sort()).toEqual([videoId, albumId].sort());
    for (const item of content.body.items) {
      expect(item).toMatchObject({ locked: true, owned: false, purchaseId: null });
      for (const file of item.media) {
        expect(file).toMatchObject({
          thumbnailUrl: null,
          previewUrl: null,
          fileUrl: null,
          originalName: '',
          blurredUrl: `/api/media/${file.id}/blurred`,
        });
      }
    }
    for (const leak of ['thumb.jpg', 'clean.bin', 'original.bin', 'token=', 'creatorId'])
      expect(content.text).not.toContain(leak);
  });

  it('serves the blurred preview publicly: made on the server, small, and not the thumbnail', async () => {
    const content = await call(f.platform, 'GET', `/api/stores/${f.slug}/content`, null);
    const url = content.body.items[0].media[0].blurredUrl as string;
    const response = await fetchRaw(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('public');
    const blurred = Buffer.from(await response.arrayBuffer());
    expect(blurred.equals(thumbnail)).toBe(false);
    expect(blurred.length).toBeLessThan(thumbnail.length / 4);
    expect(blurred.length).toBeLessThan(12_000);
    expect((await sharp(blurred).metadata()).width).toBe(320);
    // Cached under its own key: the second answer is the same file.
    expect(Buffer.from(await (await fetchRaw(url)).arrayBuffer()).equals(blurred)).toBe(true);
    expect((await fetchRaw('/api/media/00000000-0000-4000-8000-000000000000/blurred')).status).toBe(404);
    expect((await fetchRaw('/api/media/not-an-id/blurred')).status).toBe(400);
  });
});

describe('an adult store by its link', () => {
  let cookie: string;

  beforeAll(async () => {
    expect(
      (await call(f.platform, 'PATCH', '/api/stores/mine', f.creator.token, { nsfw: { isNsfw: true } })).status,
    ).toBe(200);
  });

  afterAll(async () => {
    expect(
      (await call(f.platform, 'PATCH', '/api/stores/mine', f.creator.token, { nsfw: { isNsfw: false } })).status,
    ).toBe(200);
  });

  it('asks a signed-out visitor for the age check first, on the profile and the items alike', async () => {
    for (const path of [`/api/stores/${f.slug}`, `/api/stores/${f.slug}/content`]) {
      for (const headers of [{}, { cookie: 'fanmint_age=forged.value' }, { cookie: 'fanmint_age=' }] as Record<
        string,
        string
      >[]) {
        const refused = await call(f.platform, 'GET', path, null, undefined, headers);
        expect(refused).toMatchObject({
          status: 401,
          body: {
            code: 'age_check_required',
            message: 'This store contains adult content (18+). Confirm you are 18 or older to view it.',
          },
        });
      }
    }
  });

  it('shows the store, blurred, once the visitor passed the age check (a signed HttpOnly cookie); the directory still lists it to accounts only', async () => {
    const passed = await fetchRaw('/api/age-check', { method: 'POST' });
    expect(passed.status).toBe(200);
    expect(await passed.json()).toEqual({ confirmed: true, recordedAt: null });
    const setCookie = passed.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^fanmint_age=[^;]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    cookie = setCookie.split(';')[0];
    expect((await call(f.platform, 'GET', '/api/age-check', null, undefined, { cookie })).body).toEqual({
      confirmed: true,
      recordedAt: null,
    });

    const profile = await call(f.platform, 'GET', `/api/stores/${f.slug}`, null, undefined, { cookie });
    expect(profile).toMatchObject({ status: 200, body: { isNsfw: true, counts: { videos: 1, albums: 1 } } });
    const content = await call(f.platform, 'GET', `/api/stores/${f.slug}/content`, null, undefined, { cookie });
    expect(
      content.body.items.every(
        (item: { locked: boolean; media: { thumbnailUrl: string | null }[] }) =>
          item.locked && item.media.every((m) => m.thumbnailUrl === null),
      ),
    ).toBe(true);

    const listing = await call(f.platform, 'GET', `/api/stores?q=${f.slug}`, null, undefined, { cookie });
    expect(listing.body).toEqual({ items: [], nextCursor: null, adultStoresHidden: 1 });
  });

  it("records a signed-in fan's age check once, with its date, and hands a new browser of theirs the cookie without asking", async () => {
    const fan = await f.newFan();
    const token = fan.session.access_token;
    expect((await call(f.platform, 'GET', '/api/age-check', token)).body).toEqual({
      confirmed: false,
      recordedAt: null,
    });
    const first = await call(f.platform, 'POST', '/api/age-check', token);
    expect(first.body).toEqual({ confirmed: true, recordedAt: clock.now().toISOString() });
    clock.advance(60_000);
    expect((await call(f.platform, 'POST', '/api/age-check', token)).body.recordedAt).toBe(first.body.recordedAt);
    const elsewhere = await call(f.platform, 'GET', '/api/age-check', token);
    expect(elsewhere.body).toEqual(first.body);
    expect(elsewhere.headers.get('set-cookie')).toMatch(/^fanmint_age=/);
    const rows = await f
      .db()
      .execute(`select confirmed_at from age_confirmations where user_id = ?`, [fan.session.user.id]);
    expect(rows).toHaveLength(1);
    // An account sees the store without the cookie (SPEC §6: an account or the age check).
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, token)).status).toBe(200);
  });

  it("counts a store's owner as age-checked (their ID check proved it) and hands their browser the cookie the store's images need", async () => {
    // A creator who opens a store and never answers the age check.
    const creator = await verifiedCreator(f.platform, { moderator: f.moderator, now: () => clock.now() });
    const opened = await call(f.platform, 'POST', '/api/stores', creator.token, {
      slug: `owner-${Date.now().toString(36)}`,
      displayName: 'Owner Shop',
    });
    expect(opened.status).toBe(201);
    const owner = creator.token;
    const status = await call(f.platform, 'GET', '/api/age-check', owner);
    expect(status.body).toEqual({ confirmed: true, recordedAt: null });
    expect(status.headers.get('set-cookie')).toMatch(/^fanmint_age=/);
    // A fan without a store is still asked.
    const fan = await f.newFan();
    const asked = await call(f.platform, 'GET', '/api/age-check', fan.session.access_token);
    expect(asked.body).toEqual({ confirmed: false, recordedAt: null });
    expect(asked.headers.get('set-cookie')).toBeNull();
  });

  it("serves the store's banner only to a visitor who may see the store", async () => {
    const banner = await upload('banner', f.creator.token, await detailedPhoto(1200, 600));
    expect(banner.status).toBe(200);
    // The owner's view carries a link signed for them (their <img> sends no bearer token); the bare address needs the age check.
    const url = (banner.body!.images.bannerUrl as string).split('?token=')[0];
    expect((await fetchRaw(url)).status).toBe(401);
    expect((await fetchRaw(banner.body!.images.bannerUrl as string)).status).toBe(200);
    const shown = await fetchRaw(url, { headers: { cookie } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await upload('banner', f.creator.token, null)).status).toBe(400);
    expect(
      (await call(f.platform, 'DELETE', '/api/stores/mine/banner', f.creator.token)).body.images.bannerUrl,
    ).toBeNull();
  });
});

describe("a creator's banner and avatar", () => {
  it('keeps a re-encoded copy cropped to shape, without the metadata, at a new link each time', async () => {
    const photo = await detailedPhoto(900, 900, 'png');
    const banner = await upload('banner', f.creator.token, photo, 'image/png');
    expect(banner.status).toBe(200);
    const avatar = await upload('avatar', f.creator.token, await detailedPhoto(640, 480));
    expect(avatar.status).toBe(200);
    const { bannerUrl, avatarUrl } = avatar.body!.images as { bannerUrl: string; avatarUrl: string };
    expect(bannerUrl).toMatch(new RegExp(`^/api/stores/${f.slug}/images/[0-9a-f-]+-banner-[0-9a-f]{12}\\.webp$`));
    expect(avatarUrl).toMatch(new RegExp(`^/api/stores/${f.slug}/images/[0-9a-f-]+-avatar-[0-9a-f]{12}\\.webp$`));

    const served = await fetchRaw(bannerUrl);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 400 });
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    const avatarBytes = Buffer.from(await (await fetchRaw(avatarUrl)).arrayBuffer());
    expect(await sharp(avatarBytes).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    const profile = await call(f.platform, 'GET', `/api/stores/${f.slug}`, null);
    expect(profile.body).toMatchObject({ bannerUrl, avatarUrl });

    // A new upload replaces the file: the old link stops answering.
    const again = await upload('avatar', f.creator.token, await detailedPhoto(500, 500));
    expect(again.body!.images.avatarUrl).not.toBe(avatarUrl);
    expect((await fetchRaw(avatarUrl)).status).toBe(404);
    expect((await fetchRaw(`/api/stores/${f.slug}/images/..%2F..%2Fsecrets.json`)).status).toBe(404);
  });

  it('refuses what is not a whole image, by its bytes, and changes nothing', async () => {
    const before = (await call(f.platform, 'GET', '/api/stores/mine', f.creator.token)).body;
    const jpeg = await detailedPhoto(300, 300);
    const cases: [Buffer | null, number, string][] = [
      [Buffer.from('<script>alert(1)</script> named banner.jpg'), 415, 'unsupported_image'],
      [Buffer.concat([jpeg, Buffer.from('<?php system($_GET[1]); ?>')]), 422, 'invalid_image'],
      [jpeg.subarray(0, jpeg.length - 200), 422, 'invalid_image'],
      [Buffer.alloc(11 * 1024 * 1024, 0xff), 413, 'file_too_large'],
    ];
    for (const [bytes, status, code] of cases) {
      const answer = await upload('banner', f.creator.token, bytes);
      expect({ status: answer.status, code: answer.body?.code }).toEqual({ status, code });
    }
    const json = await call(f.platform, 'PUT', '/api/stores/mine/banner', f.creator.token, {
      image: 'data:image/png;base64,AAAA',
    });
    expect(json.status).toBe(415);
    expect((await upload('cover', f.creator.token, jpeg)).status).toBe(404);
    expect((await call(f.platform, 'GET', '/api/stores/mine', f.creator.token)).body).toEqual(before);
  });

  it("is changed only from the store owner's own session", async () => {
    const before = (await call(f.platform, 'GET', '/api/stores/mine', f.creator.token)).body;
    const fan = await f.newFan();
    expect((await upload('banner', null, await detailedPhoto(100, 100))).status).toBe(401);
    expect((await call(f.platform, 'DELETE', '/api/stores/mine/avatar', null)).status).toBe(401);
    expect((await upload('banner', fan.session.access_token, await detailedPhoto(100, 100))).body).toMatchObject({
      code: 'no_store',
    });
    expect((await call(f.platform, 'DELETE', '/api/stores/mine/avatar', fan.session.access_token)).body).toMatchObject({
      code: 'no_store',
    });
    expect((await call(f.platform, 'GET', '/api/stores/mine', f.creator.token)).body).toEqual(before);
  });
});

describe("a subscriber's and the creator's view", () => {
  it("shows a subscriber their renewal date, unlocks the store's items, and the server still refuses a second subscription", async () => {
    const fan = await f.newFan();
    const token = fan.session.access_token;
    const subscription = await call(
      f.platform,
      'POST',
      '/api/purchases',
      token,
      { kind: 'subscription', storeSlug: f.slug, method: 'card' },
      { 'idempotency-key': newKey() },
    );
    expect(subscription.status).toBe(201);
    await f.settle(subscription.body.id);

    const profile = await call(f.platform, 'GET', `/api/stores/${f.slug}`, token);
    expect(profile.body).toMatchObject({
      isSubscribed: true,
      isOwner: false,
      mySubscription: { storeSlug: f.slug, status: 'active', autoRenew: true, priceMinor: 999 },
    });
    const periodEnd = new Date(profile.body.mySubscription.currentPeriodEnd);
    expect(periodEnd.getTime()).toBeGreaterThan(clock.now().getTime());

    const content = await call(f.platform, 'GET', `/api/stores/${f.slug}/content`, token);
    for (const item of content.body.items) {
      expect(item).toMatchObject({ locked: false, owned: true, purchaseId: subscription.body.id });
      expect(item.media[0].thumbnailUrl).toMatch(/^\/api\/media\?token=/);
    }

    expect(
      await call(
        f.platform,
        'POST',
        '/api/purchases',
        token,
        { kind: 'subscription', storeSlug: f.slug, method: 'card' },
        { 'idempotency-key': newKey() },
      ),
    ).toMatchObject({
      status: 409,
      body: { code: 'already_subscribed' },
    });

    // Cancel renewal: it ends on the same date; resume: it renews again.
    const id = profile.body.mySubscription.id;
    expect((await call(f.platform, 'PATCH', `/api/subscriptions/${id}`, token, { autoRenew: false })).status).toBe(200);
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, token)).body.mySubscription).toMatchObject({
      autoRenew: false,
      currentPeriodEnd: periodEnd.toISOString(),
    });
    expect((await call(f.platform, 'PATCH', `/api/subscriptions/${id}`, token, { autoRenew: true })).status).toBe(200);

    // Another fan sees nothing of it.
    const other = await f.newFan();
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, other.session.access_token)).body).toMatchObject({
      isSubscribed: false,
      mySubscription: null,
    });
  });

  it('counts subscribers only when the creator shows the count', async () => {
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, null)).body.counts.subscribers).toBeNull();
    expect(
      (await call(f.platform, 'PATCH', '/api/stores/mine', f.creator.token, { access: { showSubscriberCount: true } }))
        .body.access.showSubscriberCount,
    ).toBe(true);
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, null)).body.counts.subscribers).toBe(1);
    expect(
      (await call(f.platform, 'PATCH', '/api/stores/mine', f.creator.token, { access: { showSubscriberCount: 'yes' } }))
        .status,
    ).toBe(400);
  });

  it('shows the creator their own store as its owner, items open, and refuses them a purchase there', async () => {
    const token = f.creator.token;
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, token)).body).toMatchObject({
      isOwner: true,
      isSubscribed: false,
    });
    const content = await call(f.platform, 'GET', `/api/stores/${f.slug}/content`, token);
    expect(content.body.items.every((item: { locked: boolean; owned: boolean }) => !item.locked && !item.owned)).toBe(
      true,
    );
    expect(
      await call(
        f.platform,
        'POST',
        '/api/purchases',
        token,
        { kind: 'subscription', storeSlug: f.slug, method: 'card' },
        { 'idempotency-key': newKey() },
      ),
    ).toMatchObject({
      status: 400,
      body: { code: 'own_store' },
    });
    // Another creator is an ordinary visitor here.
    const other = await verifiedCreator(f.platform, { moderator: f.moderator, now: () => clock.now() });
    expect((await call(f.platform, 'GET', `/api/stores/${f.slug}`, other.token)).body.isOwner).toBe(false);
  });
});
