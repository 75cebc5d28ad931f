import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { SubscriptionRenewals } from '#app/commerce';
import {
  ago,
  approveContent,
  FixedClock,
  timeTravel,
  tusUpload,
  verifiedCreator,
  waitFor,
  type TestPlatform,
} from '#app/testing';
import { CARD, DECLINED, NO_FUNDS, call, newKey, startCommercePlatform } from './commerce-fixtures.js';

const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let fan: Awaited<ReturnType<typeof f.newFan>>;
let other: Awaited<ReturnType<typeof f.newFan>>;
let albumId: string;
let videoId: string;
const token = () => fan.session.access_token;
/** Checkout sessions the acquirer holds for no purchase (a refused or replayed purchase must not open one). */
const orphanPayments = async () =>
  (
    await f
      .db()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from "${f.acquirer.schema}".checkout_sessions cs where not exists (select 1 from purchases p where p.id::text = cs.reference)`,
      )
  )[0].n;
const buy = (who: string | null, body: Record<string, unknown>, key = newKey()) =>
  call(platform, 'POST', '/api/purchases', who, body, { 'idempotency-key': key });

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  fan = await f.newFan();
  other = await f.newFan();
  albumId = await f.approvedItem('album', 1499, 'Beach album');
  videoId = await f.approvedItem('video', 999, 'Morning routine');
});

afterAll(async () => {
  // Nothing may be left in the shared outbox: another suite's worker would deliver it (webhooks to a closed server).
  await platform?.drain(30_000);
  await platform?.close();
});

describe('buying an item', () => {
  let purchaseId: string;

  it('charges the server price by card: the hosted page, then paid by the signed webhook, with one post-sale for payouts', async () => {
    const created = await buy(token(), {
      kind: 'content',
      contentId: albumId,
      method: 'card',
      amountMinor: 1,
      returnTo: '/stores/shop',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      kind: 'content',
      status: 'requires_action',
      amountMinor: 1499,
      currency: 'USD',
      method: 'card',
      storeSlug: f.slug,
      storeName: 'Commerce Shop',
      contentId: albumId,
      contentTitle: 'Beach album',
      contentKind: 'album',
      subscriptionId: null,
      failureReason: null,
      crypto: null,
      checkoutUrl: expect.stringMatching(new RegExp(`^${f.acquirer.url}/pay/cs_`)),
      returnTo: '/stores/shop',
      card: null,
      createdAt: clock.now().toISOString(),
      paidAt: null,
    });
    purchaseId = created.body.id;
    expect((await call(platform, 'GET', `/api/purchases/${purchaseId}/content`, token())).body).toMatchObject({
      code: 'not_purchased',
    });
    expect(await f.outboxRows('post-sale', purchaseId)).toEqual([]);

    await f.settle(purchaseId);
    const paid = await call(platform, 'GET', `/api/purchases/${purchaseId}`, token());
    // The card as the acquirer reports it: brand and last four, never the number.
    expect(paid.body).toMatchObject({
      status: 'paid',
      paidAt: expect.any(String),
      card: { brand: 'visa', last4: '4242' },
    });
    expect(await f.outboxRows('post-sale', purchaseId)).toEqual([
      {
        saleId: purchaseId,
        creatorId: f.creator.userId,
        referrerId: null,
        grossMinor: 1499,
        currency: 'USD',
        rail: 'fiat',
        kind: 'content',
        description: 'Purchase: Beach album',
        occurredAt: paid.body.paidAt,
      },
    ]);
  });

  it('opens the full files for the buyer only, and shows the item as owned on the store page', async () => {
    const opened = await call(platform, 'GET', `/api/purchases/${purchaseId}/content`, token());
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      id: albumId,
      title: 'Beach album',
      kind: 'album',
      media: [{ mediaType: 'image', fileUrl: expect.stringMatching(/^\/api\/media\?token=/) }],
    });
    expect(
      (await call(platform, 'GET', `/api/purchases/${purchaseId}/content`, other.session.access_token)).status,
    ).toBe(404);
    expect((await call(platform, 'GET', `/api/purchases/${purchaseId}`, other.session.access_token)).status).toBe(404);
    expect((await call(platform, 'GET', `/api/purchases/${purchaseId}`, null)).status).toBe(401);

    const owned = (who: string | null) =>
      call(platform, 'GET', `/api/stores/${f.slug}/content`, who).then((r) =>
        Object.fromEntries(r.body.items.map((i: { id: string; owned: boolean }) => [i.id, i.owned])),
      );
    expect(await owned(token())).toEqual({ [albumId]: true, [videoId]: false });
    expect(await owned(other.session.access_token)).toEqual({ [albumId]: false, [videoId]: false });
    expect(await owned(null)).toEqual({ [albumId]: false, [videoId]: false });
  });

  it("shows no user id of the creator in public store views or in the fan's purchase views (a slug serves)", async () => {
    expect((await call(platform, 'PUT', `/api/favorites/${f.slug}`, token())).status).toBeLessThan(300);
    const views = [
      ...[null, token()].flatMap((who) =>
        [`/api/stores/${f.slug}/content`, `/api/stores/${f.slug}`, '/api/stores', '/api/categories'].map(
          (path) => [path, who] as const,
        ),
      ),
      ...[
        '/api/purchases',
        `/api/purchases/${purchaseId}`,
        `/api/purchases/${purchaseId}/content`,
        '/api/purchases/export.csv',
        '/api/subscriptions',
        '/api/favorites',
        '/api/referral-links',
      ].map((path) => [path, token()] as const),
    ];
    for (const [path, who] of views) {
      const response = await call(platform, 'GET', path, who);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect({ path, leaks: response.text.includes(f.creator.userId) }).toEqual({ path, leaks: false });
    }
    const [item] = (await call(platform, 'GET', `/api/stores/${f.slug}/content`, null)).body.items;
    for (const field of ['creatorId', 'collaboratorIds', 'claimedBy', 'decidedBy', 'rejectionReason'])
      expect(item).not.toHaveProperty(field);
    expect((await call(platform, 'DELETE', `/api/favorites/${f.slug}`, token())).status).toBeLessThan(300);
  });

  it('refuses to sell the same item twice, an unknown item, and your own item', async () => {
    expect((await buy(token(), { kind: 'content', contentId: albumId, method: 'card' })).body).toMatchObject({
      code: 'already_owned',
    });
    expect(
      (await buy(token(), { kind: 'content', contentId: '00000000-0000-4000-8000-000000000000', method: 'card' }))
        .status,
    ).toBe(404);
    expect(await buy(f.creator.token, { kind: 'content', contentId: videoId, method: 'card' })).toMatchObject({
      status: 400,
      body: { code: 'own_store' },
    });
    expect(await orphanPayments()).toBe(0);
  });

  it('answers a replayed Idempotency-Key with the first purchase (200), even when sent twice at once; the key with another body is a 422', async () => {
    const key = newKey();
    const body = { kind: 'content', contentId: videoId, method: 'card' };
    const [a, b] = await Promise.all([
      buy(other.session.access_token, body, key),
      buy(other.session.access_token, body, key),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const again = await buy(other.session.access_token, body, key);
    expect(again).toMatchObject({ status: 200, body: { id: a.body.id } });
    // The same key with another request is refused, whatever path the request takes, and stores nothing.
    for (const different of [
      { ...body, contentId: albumId },
      { kind: 'content', contentId: videoId, method: 'crypto' },
      { kind: 'tip', storeSlug: f.slug, amountMinor: 500, method: 'card' },
    ]) {
      expect(await buy(other.session.access_token, different, key)).toMatchObject({
        status: 422,
        body: { code: 'idempotency_key_reused' },
      });
    }
    // The key is per user: the same key from another fan is a new purchase.
    expect((await buy(token(), body, key)).status).toBe(201);
    expect((await buy(token(), body, 'short')).body).toMatchObject({ code: 'validation_failed' });
    const rows = await f.db().execute(`select id from purchases where idempotency_key = ?`, [key]);
    expect(rows).toHaveLength(2);
    // The purchase and its payment are one statement: the losing replay wrote neither.
    expect(await orphanPayments()).toBe(0);
  });
});

describe('payment outcomes', () => {
  it('keeps the hosted page open after a declined card, with its reason, lists nothing, and books nothing', async () => {
    const buyer = await f.newFan();
    for (const [card, message] of [
      [DECLINED, 'Your card was declined. Try another card or contact your bank.'],
      [NO_FUNDS, 'Your card has insufficient funds. Try another card.'],
    ] as const) {
      const created = await buy(buyer.session.access_token, {
        kind: 'content',
        contentId: card === DECLINED ? videoId : albumId,
        method: 'card',
      });
      expect(created).toMatchObject({ status: 201, body: { status: 'requires_action' } });
      await f.settle(created.body.id, card);
      expect(
        (await call(platform, 'GET', `/api/purchases/${created.body.id}`, buyer.session.access_token)).body,
      ).toMatchObject({ status: 'requires_action', failureReason: message, checkoutUrl: expect.any(String) });
      expect(await f.outboxRows('post-sale', created.body.id)).toEqual([]);
    }
    expect((await call(platform, 'GET', '/api/purchases', buyer.session.access_token)).body.items).toEqual([]);
  });

  it('never takes card details: a card field is refused (400) and stores nothing', async () => {
    const key = newKey();
    const refused = await buy(token(), { kind: 'content', contentId: videoId, method: 'card', card: CARD }, key);
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    for (const returnTo of ['https://evil.example/', '//evil.example', '/\\evil.example', 'stores']) {
      expect({
        returnTo,
        status: (await buy(token(), { kind: 'content', contentId: videoId, method: 'card', returnTo }, key)).status,
      }).toEqual({ returnTo, status: 400 });
    }
    expect(await f.db().execute(`select id from purchases where idempotency_key = ?`, [key])).toEqual([]);
  });

  it('pays with crypto: the token address and amount, then paid on the token rail', async () => {
    const buyer = await f.newFan();
    const created = await buy(buyer.session.access_token, { kind: 'content', contentId: albumId, method: 'crypto' });
    expect(created.body).toMatchObject({
      status: 'pending',
      method: 'crypto',
      checkoutUrl: null,
      crypto: {
        network: 'solana',
        address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
        amountToken: '1499',
      },
    });
    await f.settle(created.body.id);
    expect(await f.outboxRows('post-sale', created.body.id)).toEqual([
      expect.objectContaining({ rail: 'token', grossMinor: 1499 }),
    ]);
  });
});

describe('buying again while a checkout is open', () => {
  const sessions = async (purchaseId: string) =>
    (
      await f
        .db()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from "${f.acquirer.schema}".checkout_sessions where reference = ?`,
          [purchaseId],
        )
    )[0].n;
  /** The buyer's purchases by id (the suite's clock is fixed, so they share one created_at). */
  const fanPurchases = async (buyerId: string) =>
    Object.fromEntries(
      (
        await f
          .db()
          .execute<{ id: string; status: string; method: string }[]>(
            `select id, status, method from purchases where buyer_id = ?`,
            [buyerId],
          )
      ).map(({ id, ...rest }) => [id, rest]),
    );

  it('takes a fan whose card was declined back to the same hosted page (200), then sells once: paid, and already owned after', async () => {
    const buyer = await f.newFan();
    const body = { kind: 'content', contentId: albumId, method: 'card' };
    const first = await buy(buyer.session.access_token, body);
    await f.settle(first.body.id, DECLINED);
    const again = await buy(buyer.session.access_token, body);
    expect(again).toMatchObject({
      status: 200,
      body: {
        id: first.body.id,
        status: 'requires_action',
        checkoutUrl: first.body.checkoutUrl,
        failureReason: expect.any(String),
      },
    });
    expect(await sessions(first.body.id)).toBe(1);
    await f.settle(first.body.id, CARD);
    expect(await buy(buyer.session.access_token, body)).toMatchObject({ status: 409, body: { code: 'already_owned' } });
    expect(await fanPurchases(buyer.session.user.id)).toEqual({ [first.body.id]: { status: 'paid', method: 'card' } });
    expect(await f.outboxRows('post-sale', first.body.id)).toHaveLength(1);
  });

  it('keeps the idempotency rules: the first key replays its purchase, and refuses another body (422)', async () => {
    const buyer = await f.newFan();
    const key = newKey();
    const body = { kind: 'content', contentId: videoId, method: 'card' };
    const first = await buy(buyer.session.access_token, body, key);
    expect(first.status).toBe(201);
    expect(await buy(buyer.session.access_token, body, newKey())).toMatchObject({
      status: 200,
      body: { id: first.body.id },
    });
    expect(await buy(buyer.session.access_token, body, key)).toMatchObject({
      status: 200,
      body: { id: first.body.id, checkoutUrl: first.body.checkoutUrl },
    });
    expect(await buy(buyer.session.access_token, { ...body, method: 'crypto' }, key)).toMatchObject({
      status: 422,
      body: { code: 'idempotency_key_reused' },
    });
    expect(await fanPurchases(buyer.session.user.id)).toEqual({
      [first.body.id]: { status: 'requires_action', method: 'card' },
    });
  });

  it('ends a left checkout when the fan asks for something else (crypto instead of card): the old one expires and books nothing', async () => {
    const buyer = await f.newFan();
    const card = await buy(buyer.session.access_token, { kind: 'content', contentId: videoId, method: 'card' });
    const crypto = await buy(buyer.session.access_token, { kind: 'content', contentId: videoId, method: 'crypto' });
    expect(crypto).toMatchObject({
      status: 201,
      body: { method: 'crypto', status: 'pending', crypto: { network: 'solana' } },
    });
    expect(crypto.body.id).not.toBe(card.body.id);
    expect(await fanPurchases(buyer.session.user.id)).toEqual({
      [card.body.id]: { status: 'expired', method: 'card' },
      [crypto.body.id]: { status: 'pending', method: 'crypto' },
    });
    await f.settle(crypto.body.id);
    expect(await f.outboxRows('post-sale', card.body.id)).toEqual([]);
    expect(await f.outboxRows('post-sale', crypto.body.id)).toHaveLength(1);
  });

  it("takes a fan back to the store's open subscription checkout, and starts a new one once its hosted page has lapsed", async () => {
    const buyer = await f.newFan();
    const body = { kind: 'subscription', storeSlug: f.slug, method: 'card' };
    const first = await buy(buyer.session.access_token, body);
    expect(await buy(buyer.session.access_token, body)).toMatchObject({
      status: 200,
      body: { id: first.body.id, checkoutUrl: first.body.checkoutUrl },
    });
    // Its session's lifetime is over (the acquirer's expiry webhook not here yet).
    await timeTravel(platform, 'checkoutExpiresAt', first.body.id, ago(1000, clock.now()));
    const second = await buy(buyer.session.access_token, body);
    expect(second).toMatchObject({ status: 201, body: { status: 'requires_action', checkoutUrl: expect.any(String) } });
    expect(second.body.checkoutUrl).not.toBe(first.body.checkoutUrl);
    expect(await fanPurchases(buyer.session.user.id)).toEqual({
      [first.body.id]: { status: 'expired', method: 'card' },
      [second.body.id]: { status: 'requires_action', method: 'card' },
    });
    await f.settle(second.body.id);
    expect(await buy(buyer.session.access_token, body)).toMatchObject({
      status: 409,
      body: { code: 'already_subscribed' },
    });
    expect(
      await f.db().execute(`select id from subscriptions where subscriber_id = ?`, [buyer.session.user.id]),
    ).toHaveLength(1);
  });
});

describe('tips', () => {
  it('refuses a tip under the store minimum and stores nothing; accepts one with a message', async () => {
    const key = newKey();
    const low = await buy(token(), { kind: 'tip', storeSlug: f.slug, amountMinor: 299, method: 'card' }, key);
    expect(low).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: expect.stringMatching(/minimum tip for this store is 300/) },
    });
    expect(await f.db().execute(`select id from purchases where idempotency_key = ?`, [key])).toEqual([]);
    expect((await buy(token(), { kind: 'tip', storeSlug: f.slug, amountMinor: 100_001, method: 'card' })).status).toBe(
      400,
    );
    expect(
      (await buy(f.creator.token, { kind: 'tip', storeSlug: f.slug, amountMinor: 500, method: 'card' })).body,
    ).toMatchObject({ code: 'own_store' });
    expect(
      (await buy(token(), { kind: 'tip', storeSlug: 'no-such-store-x', amountMinor: 500, method: 'card' })).status,
    ).toBe(404);

    const tip = await buy(token(), {
      kind: 'tip',
      storeSlug: f.slug,
      amountMinor: 500,
      message: 'Thanks!',
      method: 'card',
    });
    expect(tip).toMatchObject({
      status: 201,
      body: { kind: 'tip', amountMinor: 500, currency: 'USD', contentId: null },
    });
    await f.settle(tip.body.id);
    expect(await f.outboxRows('post-sale', tip.body.id)).toEqual([
      expect.objectContaining({ kind: 'tip', grossMinor: 500, description: 'Tip to Commerce Shop' }),
    ]);
  });
});

describe('referral links (albums only)', () => {
  it('credits the link owner on a purchase of the album, and shows their earnings to them only', async () => {
    const referrer = await f.newFan();
    const buyer = await f.newFan();
    const created = await call(platform, 'POST', '/api/referral-links', referrer.session.access_token, {
      contentId: albumId,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        code: expect.any(String),
        url: `${platform.config.PUBLIC_URL}/stores/${f.slug}?ref=${created.body.code}`,
        contentTitle: 'Beach album',
        purchases: 0,
        earnedMinor: 0,
        currency: 'USD',
      },
    });
    expect(
      (await call(platform, 'POST', '/api/referral-links', referrer.session.access_token, { contentId: albumId }))
        .status,
    ).toBe(200);
    expect(
      (await call(platform, 'POST', '/api/referral-links', referrer.session.access_token, { contentId: videoId })).body,
    ).toMatchObject({ code: 'referral_not_allowed' });
    expect(
      (await call(platform, 'POST', '/api/referral-links', f.creator.token, { contentId: albumId })).body,
    ).toMatchObject({ code: 'referral_not_allowed' });

    // The referrer's own purchase through their link credits nobody.
    const own = await buy(referrer.session.access_token, {
      kind: 'content',
      contentId: albumId,
      method: 'card',
      referralCode: created.body.code,
    });
    const sale = await buy(buyer.session.access_token, {
      kind: 'content',
      contentId: albumId,
      method: 'card',
      referralCode: created.body.code,
    });
    await f.settle(own.body.id);
    await f.settle(sale.body.id);
    expect(await f.outboxRows('post-sale', own.body.id)).toEqual([expect.objectContaining({ referrerId: null })]);
    expect(await f.outboxRows('post-sale', sale.body.id)).toEqual([
      expect.objectContaining({ referrerId: referrer.session.user.id }),
    ]);

    const mine = await call(platform, 'GET', '/api/referral-links', referrer.session.access_token);
    expect(mine.body.items).toEqual([
      expect.objectContaining({ code: created.body.code, purchases: 1, earnedMinor: 74 }),
    ]);
    expect((await call(platform, 'GET', '/api/referral-links', buyer.session.access_token)).body.items).toEqual([]);
    expect((await call(platform, 'GET', '/api/referral-links', null)).status).toBe(401);
  });
});

describe('favourites', () => {
  it('adds and removes a store idempotently and flags it on the store profile', async () => {
    const put = () => call(platform, 'PUT', `/api/favorites/${f.slug}`, token());
    expect((await put()).status).toBe(204);
    expect((await put()).status).toBe(204);
    expect((await call(platform, 'GET', '/api/favorites', token())).body.items).toEqual([
      {
        storeSlug: f.slug,
        displayName: 'Commerce Shop',
        tagline: null,
        accentColor: '#a5529f',
        isNsfw: false,
        favoritedAt: expect.any(String),
      },
    ]);
    expect((await call(platform, 'GET', `/api/stores/${f.slug}`, token())).body.isFavorite).toBe(true);
    expect((await call(platform, 'GET', `/api/stores/${f.slug}`, other.session.access_token)).body.isFavorite).toBe(
      false,
    );
    expect((await call(platform, 'GET', '/api/favorites', other.session.access_token)).body.items).toEqual([]);
    expect((await call(platform, 'PUT', '/api/favorites/no-such-store-x', token())).status).toBe(404);
    expect((await call(platform, 'DELETE', `/api/favorites/${f.slug}`, token())).status).toBe(204);
    expect((await call(platform, 'GET', '/api/favorites', token())).body.items).toEqual([]);
    expect((await call(platform, 'GET', '/api/favorites', null)).status).toBe(401);
  });
});

describe('history, sales and exports', () => {
  it("lists the fan's purchases newest first a page at a time, and exports them as CSV", async () => {
    const first = await call(platform, 'GET', '/api/purchases?limit=1', token());
    expect(first.body.items).toHaveLength(1);
    const second = await call(platform, 'GET', `/api/purchases?limit=50&cursor=${first.body.nextCursor}`, token());
    const all = [...first.body.items, ...second.body.items];
    expect(second.body.nextCursor).toBeNull();
    // Paid, refunded and charged-back purchases only: the fan's open checkout is not in the history.
    expect(
      all
        .map((p: { status: string }) => p.status)
        .every((status: string) => ['paid', 'refunded', 'charged_back'].includes(status)),
    ).toBe(true);
    expect(new Set(all.map((p: { id: string }) => p.id)).size).toBe(all.length);
    expect((await call(platform, 'GET', '/api/purchases?cursor=nonsense', token())).status).toBe(400);

    const csv = await call(platform, 'GET', '/api/purchases/export.csv', token());
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      'date',
      'purchase_id',
      'kind',
      'store',
      'item',
      'amount',
      'currency',
      'method',
      'status',
    ]);
    expect(rows.map((r) => r.purchase_id).sort()).toEqual(all.map((p: { id: string }) => p.id).sort());
    expect(rows.find((r) => r.item === 'Beach album' && r.status === 'paid')).toMatchObject({
      kind: 'content',
      store: 'Commerce Shop',
      amount: '14.99',
      currency: 'USD',
      method: 'card',
    });
    expect(rows.find((r) => r.kind === 'tip')).toMatchObject({ amount: '5.00', item: 'Tip' });
  });

  it("gives the creator a sales dashboard and CSV with masked buyers; a fan's is empty", async () => {
    const sales = await call(platform, 'GET', '/api/sales', f.creator.token);
    expect(sales.status).toBe(200);
    const paidSales = (
      await f
        .db()
        .execute<{ amount_minor: string }[]>(
          `select amount_minor from purchases where creator_id = ? and status = 'paid'`,
          [f.creator.userId],
        )
    ).map((r) => Number(r.amount_minor));
    expect(sales.body.totals).toEqual({
      grossMinor: paidSales.reduce((a, b) => a + b, 0),
      netMinor: expect.any(Number),
      count: paidSales.length,
      refundedMinor: 0,
    });
    expect(sales.body.daily).toHaveLength(30);
    expect(sales.body.daily.at(-1)).toEqual({
      date: clock.now().toISOString().slice(0, 10),
      grossMinor: sales.body.totals.grossMinor,
      count: paidSales.length,
    });
    // Items, tips and the subscription bought again after a lapsed checkout.
    expect(sales.body.byKind.map((k: { kind: string }) => k.kind).sort()).toEqual(['content', 'subscription', 'tip']);
    expect(sales.body.items[0].buyer).toMatch(/^fan••[0-9a-f]{4}$/);
    expect(JSON.stringify(sales.body)).not.toContain(fan.session.user.id);

    const csv = await call(platform, 'GET', '/api/sales/export.csv', f.creator.token);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      'date',
      'sale_id',
      'kind',
      'item',
      'buyer',
      'gross',
      'currency',
      'method',
      'status',
    ]);
    expect(rows).toHaveLength(paidSales.length);

    expect((await call(platform, 'GET', '/api/sales', token())).body).toMatchObject({
      totals: { grossMinor: 0, count: 0, refundedMinor: 0 },
      items: [],
    });
    expect((await call(platform, 'GET', '/api/sales?from=2026-13-01', f.creator.token)).status).toBe(400);
    for (const query of [
      'to=0',
      'from=0',
      'to=-1',
      'to=1e309',
      'from=2026-11-01&to=0',
      'to=2026-02-30',
      'to=2026-01-01&to=2026-01-02',
    ]) {
      for (const path of ['/api/sales', '/api/sales/export.csv']) {
        const refused = await call(platform, 'GET', `${path}?${query}`, f.creator.token);
        expect({ query, path, status: refused.status, code: refused.body?.code }).toEqual({
          query,
          path,
          status: 400,
          code: 'validation_failed',
        });
      }
    }
    // A NUL is refused for every route before routing (bad-input.e2e.ts), so it never reaches the range check.
    expect((await call(platform, 'GET', '/api/sales?to=%00', f.creator.token)).body).toMatchObject({
      code: 'bad_request',
    });
    const cursorOf = (createdAt: string) =>
      Buffer.from(JSON.stringify([createdAt, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    for (const query of [
      'limit=0',
      'limit=-1',
      'limit=abc',
      'limit=1e3',
      'cursor=%00',
      'limit=1&limit=2',
      `cursor=${cursorOf('-271821-04-20T00:00:00.000Z')}`,
      `cursor=${cursorOf('+275760-09-13T00:00:00.000Z')}`,
    ]) {
      expect({ query, status: (await call(platform, 'GET', `/api/purchases?${query}`, token())).status }).toEqual({
        query,
        status: 400,
      });
    }
    expect((await call(platform, 'GET', '/api/sales', null)).status).toBe(401);
  });
});

describe('CSV exports', () => {
  it('neutralise formulas in store names and item titles (OWASP): every cell quoted, a leading = + - @ gets a single quote', async () => {
    const creator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    const slug = `evil-${Date.now().toString(36)}`;
    const storeName = '=HYPERLINK("http://evil.example","Refund")';
    expect((await call(platform, 'POST', '/api/stores', creator.token, { slug, displayName: storeName })).status).toBe(
      201,
    );
    const itemId = await f.approvedItem('video', 700, '@SUM(1+1)*cmd|"/C calc"!A0', creator);
    const buyer = await f.newFan();
    const bought = await buy(buyer.session.access_token, { kind: 'content', contentId: itemId, method: 'card' });
    await f.settle(bought.body.id);

    const purchases = (await call(platform, 'GET', '/api/purchases/export.csv', buyer.session.access_token)).text;
    expect(purchases.split('\n')[0]).toBe(
      '"date","purchase_id","kind","store","item","amount","currency","method","status"',
    );
    expect(parse(purchases, { columns: true })).toEqual([
      expect.objectContaining({ store: `'${storeName}`, item: `'@SUM(1+1)*cmd|"/C calc"!A0`, amount: '7.00' }),
    ]);
    expect(purchases).not.toMatch(/(^|,)[=+\-@]/m);

    const sales = (await call(platform, 'GET', '/api/sales/export.csv', creator.token)).text;
    expect(parse(sales, { columns: true })).toEqual([
      expect.objectContaining({ item: `'@SUM(1+1)*cmd|"/C calc"!A0`, gross: '7.00' }),
    ]);
    expect(sales).not.toMatch(/(^|,)[=+\-@]/m);
  });
});

describe('a subscribers-only store', () => {
  it('sells and opens its items to live subscribers only: a non-subscriber is refused (403, nothing stored), a lapsed subscriber too until they subscribe again', async () => {
    const creator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    const slug = `members-${Date.now().toString(36)}`;
    expect(
      (await call(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Members Shop' })).status,
    ).toBe(201);
    expect(
      (
        await call(platform, 'PATCH', '/api/stores/mine', creator.token, {
          access: { subscriptionEnabled: true, subscriptionPriceMinor: 500 },
        })
      ).status,
    ).toBe(200);
    const itemId = await f.approvedItem('album', 800, 'Members album', creator);
    const early = await f.newFan();
    const earlyBuy = await buy(early.session.access_token, { kind: 'content', contentId: itemId, method: 'card' });
    await f.settle(earlyBuy.body.id);
    const open = (who: typeof early, purchaseId: string) =>
      call(platform, 'GET', `/api/purchases/${purchaseId}/content`, who.session.access_token);
    const owned = async (who: typeof early) =>
      (await call(platform, 'GET', `/api/stores/${slug}/content`, who.session.access_token)).body.items[0].owned;
    // What the store page reads to offer Subscribe to unlock instead of Buy.
    const subscribed = async (who: typeof early) =>
      (await call(platform, 'GET', `/api/stores/${slug}`, who.session.access_token)).body.isSubscribed;
    expect((await open(early, earlyBuy.body.id)).status).toBe(200);

    expect(
      (await call(platform, 'PATCH', '/api/stores/mine', creator.token, { access: { visibility: 'subscribers_only' } }))
        .body.access.visibility,
    ).toBe('subscribers_only');
    // A purchase made before is checked again when it is opened.
    expect(await open(early, earlyBuy.body.id)).toMatchObject({ status: 403, body: { code: 'subscribers_only' } });
    expect(await owned(early)).toBe(false);
    expect(await subscribed(early)).toBe(false);
    expect((await call(platform, 'GET', `/api/stores/${slug}`, null)).body).toMatchObject({
      visibility: 'subscribers_only',
      isSubscribed: false,
    });

    const stranger = await f.newFan();
    for (const request of [
      { kind: 'content', contentId: itemId, method: 'card' },
      { kind: 'content', contentId: itemId, method: 'crypto' },
    ]) {
      const key = newKey();
      expect(await buy(stranger.session.access_token, request, key)).toMatchObject({
        status: 403,
        body: { code: 'subscribers_only' },
      });
      expect(await f.db().execute(`select id from purchases where idempotency_key = ?`, [key])).toEqual([]);
    }
    expect(await orphanPayments()).toBe(0);

    // Subscribed: buys and opens.
    const subscription = await buy(stranger.session.access_token, {
      kind: 'subscription',
      storeSlug: slug,
      method: 'card',
    });
    expect(await subscribed(stranger)).toBe(false);
    await f.settle(subscription.body.id);
    expect(await subscribed(stranger)).toBe(true);
    expect(await subscribed(early)).toBe(false);
    const bought = await buy(stranger.session.access_token, { kind: 'content', contentId: itemId, method: 'card' });
    expect(bought.status).toBe(201);
    await f.settle(bought.body.id);
    expect((await open(stranger, bought.body.id)).status).toBe(200);
    expect(await owned(stranger)).toBe(true);

    // Lapsed: the subscriber turned renewal off and the period ended; the renewal job ended the subscription.
    // The purchase stays in the history but does not open.
    const [{ id: subscriptionId }] = (await call(platform, 'GET', '/api/subscriptions', stranger.session.access_token))
      .body.items as { id: string }[];
    expect(
      (
        await call(platform, 'PATCH', `/api/subscriptions/${subscriptionId}`, stranger.session.access_token, {
          autoRenew: false,
        })
      ).status,
    ).toBe(200);
    await timeTravel(platform, 'subscriptionPeriodEnd', subscriptionId, ago(1000, clock.now()));
    await platform.worker!.get(SubscriptionRenewals).run();
    expect(await open(stranger, bought.body.id)).toMatchObject({ status: 403, body: { code: 'subscribers_only' } });
    expect(await owned(stranger)).toBe(false);
    expect(await subscribed(stranger)).toBe(false);
    expect(
      (await call(platform, 'GET', `/api/purchases/${bought.body.id}`, stranger.session.access_token)).body,
    ).toMatchObject({ status: 'paid' });
  });
});

describe("a store's download setting", () => {
  it('gives buyers a signed download link per file only while the store allows downloads; the view link stays inline and cannot be turned into a download', async () => {
    const creator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    const slug = `downloads-${Date.now().toString(36)}`;
    expect(
      (await call(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Download Shop' })).status,
    ).toBe(201);
    // The creator uploads the photo under a name that would break a header if sent as it is.
    const draft = await call(platform, 'POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Holiday album',
      priceMinor: 700,
      currency: 'USD',
    });
    expect(draft.status).toBe(201);
    const itemId = draft.body.id as string;
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4a7f9a' } })
      .jpeg()
      .toBuffer();
    const upload = await tusUpload(platform.baseUrl, creator.token, photo, {
      contentId: itemId,
      filename: '../My "holiday"\r\nphoto.jpeg',
      filetype: 'image/jpeg',
    });
    expect(upload.error).toBeNull();
    await platform.drain();
    const submitted = await waitFor(
      async () => {
        const answer = await call(platform, 'POST', `/api/content/${itemId}/submit`, creator.token);
        return answer.body?.code === 'media_processing' ? null : answer;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the photo to be processed' },
    );
    expect(submitted.status).toBe(200);
    await approveContent(platform, f.moderator.token, itemId);
    const buyer = await f.newFan();
    const bought = await buy(buyer.session.access_token, { kind: 'content', contentId: itemId, method: 'card' });
    await f.settle(bought.body.id);
    const open = () => call(platform, 'GET', `/api/purchases/${bought.body.id}/content`, buyer.session.access_token);

    // Off (the default): no download link, and the view link is served inline.
    const closed = await open();
    expect(closed.body.media).toEqual([
      expect.objectContaining({ fileUrl: expect.stringMatching(/^\/api\/media\?token=/), downloadUrl: null }),
    ]);
    const viewed = await call(platform, 'GET', closed.body.media[0].fileUrl, null);
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get('content-disposition')).toBe('inline');
    // A client cannot ask for an attachment: the variant is inside the signature.
    for (const extra of ['&download=1', '&v=download', '&disposition=attachment']) {
      expect(
        (await call(platform, 'GET', closed.body.media[0].fileUrl + extra, null)).headers.get('content-disposition'),
      ).toBe('inline');
    }

    // On: each file also carries a download link, served as an attachment under a safe name.
    expect(
      (await call(platform, 'PATCH', '/api/stores/mine', creator.token, { content: { allowDownloads: true } })).body
        .content.allowDownloads,
    ).toBe(true);
    const allowed = await open();
    const [file] = allowed.body.media;
    expect(file.downloadUrl).toMatch(/^\/api\/media\?token=/);
    expect(file.downloadUrl).not.toBe(file.fileUrl);
    const downloaded = await call(platform, 'GET', file.downloadUrl, null);
    expect(downloaded.status).toBe(200);
    expect(downloaded.text).toBe(viewed.text);
    expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="My_holiday_photo.jpg"');
    expect((await call(platform, 'GET', file.fileUrl, null)).headers.get('content-disposition')).toBe('inline');
    // Tampered links are refused: a view link rewritten to claim the download variant under its old signature,
    // and a download link whose signature was changed.
    const [body, signature] = new URL(file.fileUrl, platform.baseUrl).searchParams.get('token')!.split('.');
    const rewritten = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), v: 'download' }),
    ).toString('base64url');
    expect(await call(platform, 'GET', `/api/media?token=${rewritten}.${signature}`, null)).toMatchObject({
      status: 403,
      body: { code: 'invalid_link' },
    });
    const tampered = file.downloadUrl.slice(0, -3) + (file.downloadUrl.slice(-3) === 'xyz' ? 'abc' : 'xyz');
    expect(await call(platform, 'GET', tampered, null)).toMatchObject({ status: 403, body: { code: 'invalid_link' } });

    // Off again: the setting is re-read when the item is opened, so no new download links are issued.
    expect(
      (await call(platform, 'PATCH', '/api/stores/mine', creator.token, { content: { allowDownloads: false } })).status,
    ).toBe(200);
    expect((await open()).body.media).toEqual([expect.objectContaining({ downloadUrl: null })]);
  });
});
