import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FixedClock,
  signedInUser,
  startTestPlatform,
  submittedAlbum,
  verifiedCreator,
  type TestPlatform,
} from '#app/testing';
import { call, newKey, startCommercePlatform } from './commerce-fixtures.js';

const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let prelaunch: TestPlatform;
let fan: Awaited<ReturnType<typeof f.newFan>>;
let albumId: string;
let purchaseId: string;

const summary = (token: string | null, on: TestPlatform = platform) => call(on, 'GET', '/api/dashboard/summary', token);
const buy = (token: string, body: Record<string, unknown>) =>
  call(platform, 'POST', '/api/purchases', token, body, { 'idempotency-key': newKey() });

/** The month-end that pays a sale booked now for a new creator: 21 days on, then that month's last day. */
function expectedPayoutDay(now: Date): string {
  const payable = new Date(now.getTime() + 21 * 86_400_000);
  return new Date(Date.UTC(payable.getUTCFullYear(), payable.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  prelaunch = await startTestPlatform({
    worker: false,
    env: { JWT_SECRET: platform.config.JWT_SECRET, PUBLIC_URL: platform.config.PUBLIC_URL },
  });
  fan = await f.newFan();
  albumId = await f.approvedItem('album', 2000, 'Harbour album');
  const album = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
  purchaseId = album.body.id;
  await f.settle(purchaseId);
  const subscription = await buy(fan.session.access_token, { kind: 'subscription', storeSlug: f.slug, method: 'card' });
  await f.settle(subscription.body.id);
  expect((await call(platform, 'PUT', `/api/favorites/${f.slug}`, fan.session.access_token)).status).toBeLessThan(300);
  // One item waiting for a moderator, one the moderator rejected.
  await submittedAlbum(platform, f.creator.token, { title: 'Item pending_review', priceMinor: 500 });
  const rejected = await submittedAlbum(platform, f.creator.token, { title: 'Item rejected', priceMinor: 500 });
  for (const [step, body] of [
    ['claim', undefined],
    ['reject', { reason: 'Blurry cover' }],
  ] as const)
    expect(
      (await call(platform, 'POST', `/api/admin/content/${rejected}/${step}`, f.moderator.token, body)).status,
    ).toBe(200);
  await platform.drain();
});

afterAll(async () => {
  await platform?.drain(30_000);
  await prelaunch?.close();
  await platform?.close();
});

describe('the dashboard summary', () => {
  it("gives a creator this month's earnings, the next payout that pays, new subscribers and items in review", async () => {
    const answer = await summary(f.creator.token);
    expect(answer.status).toBe(200);
    // 2000 (album) + 999 (subscription) by card: the creator keeps 75%, held 21 days as a new creator.
    const net = Math.floor(2000 * 0.75) + Math.floor(999 * 0.75);
    expect(answer.body).toMatchObject({
      role: 'creator',
      verificationStatus: 'accepted',
      creator: {
        currency: 'USD',
        monthGrossMinor: 2999,
        monthNetMinor: net,
        pendingMinor: net,
        currentMinor: 0,
        nextPayout: { on: expectedPayoutDay(clock.now()), amountMinor: net },
        schedule: 'held',
        payoutMethodSet: false,
        store: { slug: f.slug, displayName: 'Commerce Shop', currency: 'USD' },
        newSubscribers: 1,
        activeSubscribers: 1,
        content: { inReview: 1, rejected: 1, approved: 1, drafts: 0 },
      },
    });
  });

  it('gives a fan their recent purchases, subscriptions and favourites, and no creator figures', async () => {
    const answer = await summary(fan.session.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body.role).toBe('fan');
    expect(answer.body.creator).toBeNull();
    expect(answer.body.verificationStatus).toBeNull();
    const purchases = answer.body.fan.recentPurchases as { id: string; kind: string; status: string }[];
    expect(purchases.map((purchase) => `${purchase.kind}:${purchase.status}`).sort()).toEqual([
      'content:paid',
      'subscription:paid',
    ]);
    expect(purchases.find((purchase) => purchase.id === purchaseId)).toMatchObject({
      id: purchaseId,
      contentTitle: 'Harbour album',
      amountMinor: 2000,
      storeSlug: f.slug,
    });
    expect(answer.body.fan.subscriptions).toEqual([
      expect.objectContaining({ storeSlug: f.slug, status: 'active', priceMinor: 999 }),
    ]);
    expect(answer.body.fan.favorites).toEqual([
      expect.objectContaining({ storeSlug: f.slug, displayName: 'Commerce Shop' }),
    ]);
  });

  it('shows every user only their own figures: another fan and another creator see nothing of these', async () => {
    const stranger = await signedInUser(platform);
    const mine = await summary(stranger.session.access_token);
    expect(mine.body).toEqual({
      role: 'fan',
      verificationStatus: null,
      creator: null,
      fan: { recentPurchases: [], subscriptions: [], favorites: [] },
    });
    const otherCreator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    const theirs = await summary(otherCreator.token);
    expect(theirs.body).toMatchObject({
      role: 'creator',
      creator: {
        monthGrossMinor: 0,
        monthNetMinor: 0,
        pendingMinor: 0,
        nextPayout: null,
        store: null,
        newSubscribers: 0,
        content: { inReview: 0, rejected: 0, approved: 0 },
      },
      fan: { recentPurchases: [], subscriptions: [], favorites: [] },
    });
    // With no store and no sales yet, a creator's figures are in euros (the operator's currency).
    expect(theirs.body.creator.currency).toBe('EUR');
  });

  it('answers 401 without a session, whatever the phase', async () => {
    expect((await summary(null)).status).toBe(401);
    expect((await summary(null, prelaunch)).status).toBe(403);
  });

  it('answers not_launched before launch: the dashboard home is the preview page then', async () => {
    const answer = await summary(f.creator.token, prelaunch);
    expect(answer).toMatchObject({ status: 403, body: { code: 'not_launched' } });
  });
});
