import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  signedInUser,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  type StaffSession,
  type TestPlatform,
} from '#app/testing';

/** Other suites share the database: every store of this run carries this suffix, and listings are filtered by it. */
const run = randomBytes(3).toString('hex');
const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-stores-'));
let live: TestPlatform;
let prelaunch: TestPlatform;
let moderator: StaffSession;
type Creator = Awaited<ReturnType<typeof verifiedCreator>>;
let creator: Creator;
let adultCreator: Creator;
let fan: Awaited<ReturnType<typeof signedInUser>>;

async function api(method: string, path: string, token: string | null, body?: unknown, platform = live) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
  const parsed: any = await response.json().catch(() => null);
  return { status: response.status, body: parsed };
}

const slugs = (page: { items: { slug: string }[] }) => page.items.map((item) => item.slug);
const mine = (token: string) => api('GET', '/api/stores/mine', token);

beforeAll(async () => {
  live = await startTestPlatform({ env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir } });
  prelaunch = await startTestPlatform({
    worker: false,
    env: { STORAGE_DIR: storageDir, JWT_SECRET: live.config.JWT_SECRET, PUBLIC_URL: live.config.PUBLIC_URL },
  });
  moderator = await staffSession(live, 'moderator');
  creator = await verifiedCreator(live, { moderator });
  adultCreator = await verifiedCreator(live, { moderator });
  fan = await signedInUser(live);
});

afterAll(async () => {
  await prelaunch?.close();
  await live?.close();
});

describe('stores before launch', () => {
  it('answers not_launched on every store route and opens nothing', async () => {
    for (const [method, path, token] of [
      ['POST', '/api/stores', creator.token],
      ['GET', '/api/stores/mine', creator.token],
      ['GET', '/api/stores', null],
      ['GET', `/api/stores/early-${run}`, null],
      ['GET', '/api/categories', null],
    ] as const) {
      const response = await api(
        method,
        path,
        token,
        method === 'POST' ? { slug: `early-${run}`, displayName: 'Too Early' } : undefined,
        prelaunch,
      );
      expect({ path, status: response.status, code: response.body?.code }).toEqual({
        path,
        status: 403,
        code: 'not_launched',
      });
      expect(response.body.message).toMatch(/open when the platform launches/);
    }
    expect((await mine(creator.token)).body).toMatchObject({ code: 'no_store' });
  });
});

describe('opening a store', () => {
  it('is for verified creators only', async () => {
    const refused = await api('POST', '/api/stores', fan.session.access_token, {
      slug: `fan-${run}`,
      displayName: 'Fan Store',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'not_verified', message: expect.stringMatching(/Only verified creators can open a store/) },
    });
    expect((await api('POST', '/api/stores', null, { slug: `anon-${run}`, displayName: 'Anonymous' })).status).toBe(
      401,
    );
    expect((await api('GET', `/api/stores/slug-available?slug=fan-${run}`, fan.session.access_token)).body).toEqual({
      slug: `fan-${run}`,
      available: true,
      reason: null,
    });
  });

  it('opens one store at a unique address with defaults for every setting', async () => {
    expect((await mine(creator.token)).status).toBe(404);
    const opened = await api('POST', '/api/stores', creator.token, {
      slug: ` Jane-Fit-${run} `,
      displayName: ' Jane Fit ',
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      slug: `jane-fit-${run}`,
      status: 'active',
      appearance: { displayName: 'Jane Fit', tagline: null, description: null, accentColor: '#a5529f', layout: 'grid' },
      content: { defaultVideoPriceMinor: 999, defaultAlbumPriceMinor: 1499, currency: 'USD', allowDownloads: false },
      access: {
        visibility: 'public',
        subscriptionEnabled: false,
        subscriptionPriceMinor: 999,
        showSubscriberCount: false,
      },
      images: { bannerUrl: null, avatarUrl: null },
      tips: { enabled: true, minimumTipMinor: 100 },
      referrals: { enabled: true, commissionPercent: 5 },
      collaboration: { acceptRequests: false },
      nsfw: { isNsfw: false, categories: [] },
    });
    expect((await mine(creator.token)).body).toEqual(opened.body);

    const second = await api('POST', '/api/stores', creator.token, {
      slug: `jane-two-${run}`,
      displayName: 'Second Store',
    });
    expect(second).toMatchObject({ status: 409, body: { code: 'store_exists' } });
    expect((await api('GET', `/api/stores/jane-two-${run}`, fan.session.access_token)).status).toBe(404);
  });

  it('refuses a taken address, reserved words and malformed ones, with the reason', async () => {
    const taken = await api('POST', '/api/stores', adultCreator.token, {
      slug: `jane-fit-${run}`,
      displayName: 'Copycat',
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { code: 'slug_taken', message: 'This store address is taken: choose another' },
    });
    const cases: [string, RegExp][] = [
      ['admin', /"admin" is reserved/],
      ['dashboard', /reserved/],
      ['help-center', /reserved/],
      ['mine', /reserved/],
      [`bad--slug-${run}`, /single hyphens/],
      [`-lead-${run}`, /cannot start or end with a hyphen/],
      ['ab', /3 to 40 characters/],
    ];
    for (const [slug, message] of cases) {
      const response = await api('POST', '/api/stores', adultCreator.token, { slug, displayName: 'Adult Store' });
      expect({ slug, status: response.status, code: response.body.code }).toEqual({
        slug,
        status: 400,
        code: 'validation_failed',
      });
      expect(response.body.message).toMatch(message);
      expect(response.body.details).toEqual([{ field: 'slug', message: expect.any(String) }]);
    }
    expect((await mine(adultCreator.token)).status).toBe(404);

    const check = (slug: string) =>
      api('GET', `/api/stores/slug-available?slug=${encodeURIComponent(slug)}`, adultCreator.token);
    expect((await check(`JANE-FIT-${run}`)).body).toEqual({
      slug: `jane-fit-${run}`,
      available: false,
      reason: 'This store address is taken: choose another',
    });
    expect((await check('official-token')).body).toMatchObject({
      available: false,
      reason: expect.stringMatching(/reserved/),
    });
    expect((await check('a_b')).body).toMatchObject({ available: false });
    expect((await api('GET', '/api/stores/slug-available', adultCreator.token)).status).toBe(400);
    expect((await api('GET', '/api/stores/slug-available?slug=abc', null)).status).toBe(401);
  });
});

describe('store settings', () => {
  it('changes any subset of sections and returns the whole store', async () => {
    const before = (await mine(creator.token)).body;
    const updated = await api('PATCH', '/api/stores/mine', creator.token, {
      appearance: { tagline: 'Daily home workouts', accentColor: '#6FCEE7', layout: 'list' },
      content: { defaultVideoPriceMinor: 499, currency: 'EUR', allowDownloads: true },
      access: { subscriptionEnabled: true, subscriptionPriceMinor: 1299, visibility: 'subscribers_only' },
      tips: { minimumTipMinor: 300 },
      referrals: { enabled: false, commissionPercent: 50 },
      collaboration: { acceptRequests: true },
      nsfw: { categories: ['fitness', 'lifestyle'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...before,
      appearance: { ...before.appearance, tagline: 'Daily home workouts', accentColor: '#6fcee7', layout: 'list' },
      content: { defaultVideoPriceMinor: 499, defaultAlbumPriceMinor: 1499, currency: 'EUR', allowDownloads: true },
      access: {
        visibility: 'subscribers_only',
        subscriptionEnabled: true,
        subscriptionPriceMinor: 1299,
        showSubscriberCount: false,
      },
      tips: { enabled: true, minimumTipMinor: 300 },
      referrals: { enabled: false, commissionPercent: 5 },
      collaboration: { acceptRequests: true },
      nsfw: { isNsfw: false, categories: ['fitness', 'lifestyle'] },
      updatedAt: expect.any(String),
    });
    expect((await mine(creator.token)).body).toEqual(updated.body);
  });

  it('refuses invalid settings with a message per field and changes nothing', async () => {
    const before = (await mine(creator.token)).body;
    const cases: [unknown, string[]][] = [
      [
        { appearance: { displayName: 'J', accentColor: 'purple' }, tips: { minimumTipMinor: 5 } },
        ['appearance.displayName', 'appearance.accentColor', 'tips.minimumTipMinor'],
      ],
      [{ content: { defaultAlbumPriceMinor: 100_001, currency: 'BTC' } }, ['content.currency']],
      [{ content: { defaultAlbumPriceMinor: 100_001 } }, ['content.defaultAlbumPriceMinor']],
      [{ content: { defaultVideoPriceMinor: 9.99 } }, ['content.defaultVideoPriceMinor']],
      [{ access: { subscriptionEnabled: false } }, ['access.visibility']],
      [{ nsfw: { categories: ['fitness', 'knitting'] } }, ['nsfw.categories']],
      [{ nsfw: { categories: ['art', 'music', 'gaming', 'comedy', 'education', 'cosplay'] } }, ['nsfw.categories']],
      [{ nsfw: { categories: ['adult-solo'], isNsfw: false } }, ['nsfw.isNsfw']],
      [{ appearance: { displayName: null } }, ['appearance.displayName']],
      [{ appearance: { tagline: 'ok' }, tips: 'yes' }, ['tips']],
    ];
    for (const [patch, fields] of cases) {
      const response = await api('PATCH', '/api/stores/mine', creator.token, patch);
      expect({ patch, status: response.status, code: response.body.code }).toEqual({
        patch,
        status: 400,
        code: 'validation_failed',
      });
      expect({ patch, fields: response.body.details.map((detail: { field: string }) => detail.field) }).toEqual({
        patch,
        fields,
      });
      expect(response.body.message.length).toBeGreaterThan(10);
    }
    expect((await mine(creator.token)).body).toEqual(before);
  });

  it('makes a store in an adult category NSFW', async () => {
    const opened = await api('POST', '/api/stores', adultCreator.token, {
      slug: `velvet-${run}`,
      displayName: 'Velvet Nights',
      categories: ['adult-solo', 'cosplay'],
    });
    expect(opened).toMatchObject({
      status: 201,
      body: { nsfw: { isNsfw: true, categories: ['adult-solo', 'cosplay'] } },
    });
    const off = await api('PATCH', '/api/stores/mine', adultCreator.token, { nsfw: { isNsfw: false } });
    expect(off).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/adult category \(adult-solo\) is NSFW/) },
    });
  });
});

describe('the public directory', () => {
  const listing = (query: string, token: string | null) => api('GET', `/api/stores?q=${run}&${query}`, token);

  it('hides NSFW stores from anonymous visitors and shows them to signed-in ones', async () => {
    expect(slugs((await listing('', null)).body)).toEqual([`jane-fit-${run}`]);
    expect(slugs((await listing('', fan.session.access_token)).body)).toEqual([`velvet-${run}`, `jane-fit-${run}`]);
    // A token that no longer authenticates reads as anonymous, so public pages still load.
    expect(slugs((await listing('', 'not-a-token')).body)).toEqual([`jane-fit-${run}`]);

    const anonymous = await api('GET', `/api/stores/velvet-${run}`, null);
    expect(anonymous).toMatchObject({
      status: 401,
      body: {
        code: 'age_check_required',
        message: 'This store contains adult content (18+). Confirm you are 18 or older to view it.',
      },
    });
    expect((await api('GET', `/api/stores/velvet-${run}`, 'not-a-token')).status).toBe(401);
    const signedIn = await api('GET', `/api/stores/velvet-${run}`, fan.session.access_token);
    expect(signedIn).toMatchObject({
      status: 200,
      body: {
        slug: `velvet-${run}`,
        displayName: 'Velvet Nights',
        isNsfw: true,
        categories: ['adult-solo', 'cosplay'],
      },
    });
  });

  it('shows a public profile without owner ids or unpublished defaults', async () => {
    const profile = await api('GET', `/api/stores/JANE-FIT-${run}`, null);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      slug: `jane-fit-${run}`,
      displayName: 'Jane Fit',
      tagline: 'Daily home workouts',
      description: null,
      accentColor: '#6fcee7',
      layout: 'list',
      isNsfw: false,
      categories: ['fitness', 'lifestyle'],
      currency: 'EUR',
      allowDownloads: true,
      visibility: 'subscribers_only',
      subscription: { enabled: true, priceMinor: 1299 },
      tips: { enabled: true, minimumTipMinor: 300 },
      referrals: { enabled: false, commissionPercent: 5 },
      acceptsCollaborationRequests: true,
      createdAt: expect.any(String),
      bannerUrl: null,
      avatarUrl: null,
      counts: { videos: 0, albums: 0, subscribers: null },
      isOwner: false,
      mySubscription: null,
      isFavorite: false,
      isSubscribed: false,
    });
    expect((await api('GET', `/api/stores/nobody-${run}`, null)).body).toMatchObject({ code: 'store_not_found' });
  });

  it('filters by category, gating adult categories', async () => {
    expect(slugs((await listing('category=fitness', null)).body)).toEqual([`jane-fit-${run}`]);
    expect(slugs((await listing('category=cosplay', fan.session.access_token)).body)).toEqual([`velvet-${run}`]);
    // The category counts the adult store a signed-out visitor cannot list: the answer says so instead of looking empty.
    expect((await listing('category=cosplay', null)).body).toEqual({
      items: [],
      nextCursor: null,
      adultStoresHidden: 1,
    });
    expect((await listing('category=cosplay', fan.session.access_token)).body.adultStoresHidden).toBe(0);
    expect((await listing('category=adult-solo', null)).body).toMatchObject({ code: 'account_required' });
    expect(slugs((await listing('category=adult-solo', fan.session.access_token)).body)).toEqual([`velvet-${run}`]);
    expect((await listing('category=knitting', null)).status).toBe(400);
  });

  it('pages with a cursor, newest first or by name', async () => {
    const token = fan.session.access_token;
    const first = (await listing('sort=name&limit=1', token)).body;
    expect(slugs(first)).toEqual([`jane-fit-${run}`]);
    const second = (await listing(`sort=name&limit=1&cursor=${first.nextCursor}`, token)).body;
    expect(second).toEqual({
      items: [expect.objectContaining({ slug: `velvet-${run}` })],
      nextCursor: null,
      adultStoresHidden: 0,
    });
    const newest = (await listing('limit=1', token)).body;
    expect(slugs(newest)).toEqual([`velvet-${run}`]);
    expect(slugs((await listing(`limit=1&cursor=${newest.nextCursor}`, token)).body)).toEqual([`jane-fit-${run}`]);
    expect((await listing(`sort=newest&cursor=${first.nextCursor}`, token)).body).toMatchObject({
      code: 'validation_failed',
    });
    expect((await listing('limit=101', token)).status).toBe(400);
  });

  it('lists the categories with nsfw flags and active store counts for everyone', async () => {
    const categories = await api('GET', '/api/categories', null);
    expect(categories.status).toBe(200);
    const bySlug = new Map(categories.body.items.map((item: { slug: string }) => [item.slug, item]));
    expect(categories.body.items.length).toBeGreaterThanOrEqual(10);
    expect(bySlug.get('fitness')).toMatchObject({ name: 'Fitness', nsfw: false, storeCount: expect.any(Number) });
    expect(bySlug.get('adult-solo')).toMatchObject({ nsfw: true });
    expect(bySlug.get('cosplay')).toMatchObject({ adultStoreCount: expect.any(Number) });
    const cosplay = bySlug.get('cosplay') as { storeCount: number; adultStoreCount: number };
    expect(cosplay.adultStoreCount).toBeGreaterThanOrEqual(1);
    expect(cosplay.adultStoreCount).toBeLessThanOrEqual(cosplay.storeCount);
    expect((bySlug.get('adult-solo') as { storeCount: number }).storeCount).toBeGreaterThanOrEqual(1);
  });
});

describe("a store belongs to its owner's session", () => {
  it("never lets another user's token change it", async () => {
    const before = (await mine(creator.token)).body;
    const stranger = await api('PATCH', '/api/stores/mine', fan.session.access_token, {
      appearance: { displayName: 'Hijacked' },
    });
    expect(stranger).toMatchObject({ status: 404, body: { code: 'no_store' } });
    const other = await api('PATCH', '/api/stores/mine', adultCreator.token, {
      appearance: { displayName: 'Velvet After Dark' },
    });
    expect(other.body).toMatchObject({ slug: `velvet-${run}`, appearance: { displayName: 'Velvet After Dark' } });
    for (const path of [`/api/stores/jane-fit-${run}`, `/api/stores/${before.id}`]) {
      expect((await api('PATCH', path, adultCreator.token, { appearance: { displayName: 'Hijacked' } })).status).toBe(
        404,
      );
    }
    expect((await api('PATCH', '/api/stores/mine', null, { appearance: { displayName: 'Hijacked' } })).status).toBe(
      401,
    );
    expect((await mine(creator.token)).body).toEqual(before);
  });
});
