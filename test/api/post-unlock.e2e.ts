import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { approveContent, callApi, tusUpload, waitFor } from '#app/testing';
import { newKey } from './commerce-fixtures.js';
import { startMessagingPlatform, type Creator, type Fan, type MessagingFixtures } from './messaging-fixtures.js';

/**
 * Pay to unlock a post (issue 35): a fan buys a creator's pay-to-unlock post through the same hosted
 * checkout as every sale (purchase kind 'post'); the post then opens for them, with file links minted
 * by the entitlement service; the sale is booked to the creator's ledger with the usual split and hold,
 * listed in their sales and the fan's purchases; a refund locks the post again.
 */
let f: MessagingFixtures;
let creator: Creator;
let fan: Fan;
let paidPostId: string;

/** How the sale reads on receipts, sales and statements: the creator's store is 'unlock studio'. */
const TITLE = 'Post: unlock studio';

const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30 + seed, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

/** Photos for a post: started through posts, filled over tus, processed by the worker, then submitted for review. */
async function postMedia(owner: Creator, seed: number): Promise<string> {
  const started = await f.call('POST', '/api/posts/media', owner.token, { kind: 'album' });
  expect(started.status).toBe(201);
  const contentId = started.body.contentId as string;
  const upload = await tusUpload(f.platform.baseUrl, owner.token, await photo(seed), {
    contentId,
    filename: `unlock-${seed}.jpg`,
    filetype: 'image/jpeg',
  });
  expect(upload.error).toBeNull();
  await f.platform.drain();
  await waitFor(
    async () => {
      const answer = await f.call('POST', `/api/content/${contentId}/submit`, owner.token);
      if (answer.body?.code === 'media_processing') return null;
      expect(answer.status).toBe(200);
      return answer;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `post media ${contentId} processed` },
  );
  return contentId;
}

/** A published post with approved photos. */
async function publishedPost(owner: Creator, seed: number, body: Record<string, unknown>): Promise<string> {
  const media = await postMedia(owner, seed);
  await approveContent(f.platform, f.moderator.token, media);
  const created = await f.call('POST', '/api/posts', owner.token, { mediaIds: [media], ...body });
  expect(created.body).toMatchObject({ status: 'published' });
  return created.body.id as string;
}

const buy = (who: { token: string }, body: Record<string, unknown>) =>
  callApi(
    f.platform,
    'POST',
    '/api/purchases',
    who.token,
    { method: 'card', ...body },
    { 'idempotency-key': newKey() },
  );
const postAs = (who: { token: string } | null, id: string) => f.call('GET', `/api/posts/${id}`, who?.token ?? null);
const firstFile = (post: { media: { files: { fileUrl: string | null }[] }[] }) => post.media[0].files[0];
const postPurchases = async (buyerId: string) =>
  (
    await f
      .db()
      .execute<{ n: number }[]>(`select count(*)::int as n from purchases where buyer_id = ? and kind = 'post'`, [
        buyerId,
      ])
  )[0].n;
/** The ledger entries of a sale's booking, by account kind. */
const booked = async (saleId: string) =>
  Object.fromEntries(
    (
      await f.db().execute<{ account: string; amount: string }[]>(
        `select a.kind as account, sum(e.amount_minor) as amount
           from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.sale_id = ? and t.kind = 'sale' group by a.kind`,
        [saleId],
      )
    ).map((row) => [row.account, Number(row.amount)]),
  );

beforeAll(async () => {
  f = await startMessagingPlatform({ acquirer: true });
  creator = await f.creator('unlock');
  fan = await f.fan();
  expect((await f.call('PUT', `/api/favorites/${creator.slug}`, fan.token)).status).toBeLessThan(300);
  paidPostId = await publishedPost(creator, 1, { text: 'The full set', audience: 'paid', priceMinor: 700 });
}, 180_000);

afterAll(async () => {
  await f?.platform.drain(30_000);
  await f?.platform.close();
});

describe('a pay-to-unlock post', () => {
  let purchaseId: string;

  it('is locked for a fan until they buy it through the hosted checkout, then opens with working file links', async () => {
    const locked = await postAs(fan, paidPostId);
    expect(locked.body).toMatchObject({ access: 'unlock', audience: 'paid', priceMinor: 700, currency: 'USD' });
    expect(firstFile(locked.body).fileUrl).toBeNull();

    purchaseId = await f.bought(fan, { kind: 'post', postId: paidPostId });
    await f.platform.drain();

    const opened = await postAs(fan, paidPostId);
    expect(opened.body).toMatchObject({ access: 'open' });
    const file = firstFile(opened.body);
    expect(file.fileUrl).toMatch(/^\/api\/media\?token=/);
    expect((await fetch(`${f.platform.baseUrl}${file.fileUrl}`)).status).toBe(200);
    const feed = await f.call('GET', '/api/feed', fan.token);
    const inFeed = feed.body.posts.find((p: { id: string }) => p.id === paidPostId);
    expect(inFeed).toMatchObject({ access: 'open' });
    expect(firstFile(inFeed).fileUrl).toMatch(/^\/api\/media\?token=/);
    const onStore = await f.call('GET', `/api/stores/${creator.slug}/posts`, fan.token);
    expect(onStore.body.posts.find((p: { id: string }) => p.id === paidPostId)).toMatchObject({ access: 'open' });

    // Only for its buyer: another fan, and an anonymous visitor, still see it locked.
    const other = await f.fan();
    expect((await postAs(other, paidPostId)).body).toMatchObject({ access: 'unlock' });
    expect(firstFile((await postAs(null, paidPostId)).body).fileUrl).toBeNull();
  });

  it("is in the fan's purchases, the creator's sales and activity, with the receipt sent", async () => {
    const history = await f.call('GET', '/api/purchases', fan.token);
    expect(history.body.items).toContainEqual(
      expect.objectContaining({ id: purchaseId, kind: 'post', contentTitle: TITLE, amountMinor: 700, status: 'paid' }),
    );
    const sales = await f.call('GET', '/api/sales', creator.token);
    expect(sales.body.items).toContainEqual(
      expect.objectContaining({
        id: purchaseId,
        kind: 'post',
        title: TITLE,
        grossMinor: 700,
        netMinor: 525,
        status: 'paid',
      }),
    );
    expect(sales.body.byKind).toContainEqual({ kind: 'post', grossMinor: 700, count: 1 });
    const csv = await f.call('GET', '/api/sales/export.csv', creator.token);
    expect(csv.text).toContain(`"${purchaseId}","post","${TITLE}"`);

    const activity = await f.call('GET', '/api/notifications', creator.token);
    expect(activity.body.items).toContainEqual(
      expect.objectContaining({ kind: 'sale', purchaseId, text: expect.stringContaining(`"${TITLE}" for $7.00`) }),
    );
    const receipt = await f.platform.inbox.waitFor(fan.email, /receipt/);
    expect(receipt.text).toContain(`Item: ${TITLE}`);
    expect(receipt.text).toContain(`Reference: ${purchaseId}`);
  });

  it("is booked as a sale with the card split (75% to the creator, held as a new payee's), on the creator's statement", async () => {
    expect(await booked(purchaseId)).toEqual({ provider_clearing: -700, earnings_pending: 525, platform_revenue: 175 });
    const lines = await f.call('GET', '/api/payouts/transactions', creator.token);
    expect(lines.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'sale',
        description: TITLE,
        amountMinor: 525,
        balance: 'pending',
        holdReason: expect.stringMatching(/^New account/),
      }),
    );
  });

  it('is bought once: a second purchase is refused, and the creator cannot buy their own', async () => {
    const before = await postPurchases(fan.userId);
    expect(await buy(fan, { kind: 'post', postId: paidPostId })).toMatchObject({
      status: 409,
      body: { code: 'already_unlocked' },
    });
    expect(await buy(creator, { kind: 'post', postId: paidPostId })).toMatchObject({
      status: 409,
      body: { code: 'own_post' },
    });
    expect(await postPurchases(fan.userId)).toBe(before);
    expect(await postPurchases(creator.userId)).toBe(0);
  });

  it('takes a fan back to their open checkout when they click Buy again', async () => {
    const other = await f.fan();
    const request = { kind: 'post', postId: paidPostId };
    const first = await buy(other, request);
    expect(first).toMatchObject({ status: 201, body: { kind: 'post', status: 'requires_action', amountMinor: 700 } });
    const again = await buy(other, request);
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, checkoutUrl: first.body.checkoutUrl } });
    expect(await postPurchases(other.userId)).toBe(1);
    expect((await postAs(other, paidPostId)).body.access).toBe('unlock');
  });

  it('locks again for its buyer once an admin refunds the purchase, and may be bought again', async () => {
    await f.refunded(purchaseId);
    await f.platform.drain();
    const locked = await postAs(fan, paidPostId);
    expect(locked.body).toMatchObject({ access: 'unlock' });
    expect(firstFile(locked.body).fileUrl).toBeNull();
    const lines = await f.call('GET', '/api/payouts/transactions', creator.token);
    expect(lines.body.items).toContainEqual(expect.objectContaining({ kind: 'refund', amountMinor: -525 }));

    const again = await f.bought(fan, { kind: 'post', postId: paidPostId });
    expect(again).not.toBe(purchaseId);
    expect((await postAs(fan, paidPostId)).body.access).toBe('open');
  });
});

describe('what cannot be bought', () => {
  it('refuses free, subscribers-only and unknown posts, bad requests and a blocked fan, changing nothing', async () => {
    const buyer = await f.fan();
    const free = (await f.call('POST', '/api/posts', creator.token, { text: 'Free for all', audience: 'free' })).body
      .id;
    const forSubscribers = await publishedPost(creator, 2, { text: 'Subscribers', audience: 'subscribers' });
    const notFound = { status: 404, body: { code: 'post_not_found' } };
    for (const postId of [free, forSubscribers, randomUUID()])
      expect(await buy(buyer, { kind: 'post', postId })).toMatchObject(notFound);

    for (const body of [
      { kind: 'post' },
      { kind: 'post', postId: 'nope' },
      { kind: 'content', contentId: randomUUID(), postId: paidPostId },
      { kind: 'tip', storeSlug: creator.slug, amountMinor: 500, postId: paidPostId },
    ])
      expect(await buy(buyer, body)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    const blocked = await f.fan();
    const conversation = await f.open(blocked, creator);
    expect((await f.call('PUT', `/api/messages/conversations/${conversation}/block`, creator.token)).status).toBe(200);
    expect(await buy(blocked, { kind: 'post', postId: paidPostId })).toMatchObject({
      status: 403,
      body: { code: 'blocked' },
    });

    expect(await postPurchases(buyer.userId)).toBe(0);
    expect(await postPurchases(blocked.userId)).toBe(0);
  });
});
