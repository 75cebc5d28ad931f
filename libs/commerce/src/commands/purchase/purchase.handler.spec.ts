import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { fact, purchaseKit } from '../../testing/purchase-kit.js';
import { PurchaseCommand, type PurchaseRequest } from './purchase.command.js';

const fan = randomUUID();
type Kit = ReturnType<typeof purchaseKit>;
const buy = (kit: Kit, request: PurchaseRequest, key: string = randomUUID(), buyer = fan) =>
  kit.handler.execute(new PurchaseCommand(buyer, key, request));
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code,
  );

describe('the purchase handler: pricing', () => {
  it("prices a subscription from the store's settings, never from the request, and opens its hosted page", async () => {
    const kit = purchaseKit();
    const { purchase, created } = await buy(kit, {
      kind: 'subscription',
      storeSlug: 'Kit-Shop',
      method: 'card',
      amountMinor: 1,
    });
    expect(created).toBe(true);
    expect(purchase).toMatchObject({
      kind: 'subscription',
      status: 'requires_action',
      amountMinor: 999,
      storeSlug: 'kit-shop',
    });
    expect(purchase.checkoutUrl).toBe('https://pay.test/cs_1');
    expect(kit.purchases.all()).toEqual([
      expect.objectContaining({ creatorId: kit.store.ownerId, checkoutId: 'cs_1', version: 2 }),
    ]);
  });

  it('takes a tip at the amount asked, not below the store minimum; a crypto one stays pending with its invoice', async () => {
    const kit = purchaseKit();
    expect(await codeOf(buy(kit, { kind: 'tip', storeSlug: 'kit-shop', method: 'card', amountMinor: 299 }))).toBe(
      'validation_failed',
    );
    const { purchase } = await buy(kit, {
      kind: 'tip',
      storeSlug: 'kit-shop',
      method: 'crypto',
      amountMinor: 700,
      message: 'Great work',
    });
    expect(purchase).toMatchObject({ kind: 'tip', status: 'pending', amountMinor: 700, checkoutUrl: null });
    expect(purchase.crypto).toMatchObject({ network: 'solana' });
  });

  it("sells an item at its catalogue price and records the referrer of a valid link (the 5% commission's payee); one's own link refers nobody", async () => {
    const kit = purchaseKit();
    const referrer = randomUUID();
    const other = randomUUID();
    const link = (code: string, ownerId: string) => ({ id: randomUUID(), code, contentId: kit.album.id, ownerId });
    kit.catalog.referralLinks.push(link('friend', referrer), link('mine', other));
    const { purchase } = await buy(kit, {
      kind: 'content',
      contentId: kit.album.id,
      method: 'card',
      amountMinor: 1,
      referralCode: 'friend',
    });
    expect(purchase).toMatchObject({ amountMinor: 1499, contentTitle: 'Beach album', contentKind: 'album' });
    expect((await kit.purchases.find(purchase.id))?.referrerId).toBe(referrer);
    const own = await buy(
      kit,
      { kind: 'content', contentId: kit.album.id, method: 'card', referralCode: 'mine' },
      randomUUID(),
      other,
    );
    expect((await kit.purchases.find(own.purchase.id))?.referrerId).toBeNull();
    // The capture books the sale for payouts, which splits it: the referrer's 5% comes from the platform's share.
    const paid = await kit.facts.applyToPurchase(
      purchase.id,
      fact('captured', purchase.id, 1499, { checkoutId: 'cs_1' }),
    );
    expect(paid?.outcome).toBe('applied');
    const sale = {
      saleId: purchase.id,
      grossMinor: 1499,
      referrerId: referrer,
      creatorId: kit.store.ownerId,
      rail: 'fiat',
    };
    expect(kit.outbox.named('post-sale')).toEqual([expect.objectContaining(sale)]);
  });

  it("refuses the creator's own store, an unknown store, and an item asked for without its id", async () => {
    const kit = purchaseKit();
    expect(
      await codeOf(
        buy(
          kit,
          { kind: 'tip', storeSlug: 'kit-shop', method: 'card', amountMinor: 500 },
          randomUUID(),
          kit.store.ownerId,
        ),
      ),
    ).toBe('own_store');
    expect(await codeOf(buy(kit, { kind: 'tip', storeSlug: 'no-such-shop', method: 'card', amountMinor: 500 }))).toBe(
      'store_not_found',
    );
    expect(await codeOf(buy(kit, { kind: 'content', method: 'card' }))).toBe('validation_failed');
  });
});

describe('the purchase handler: replay', () => {
  it('answers a retried request with the purchase its key placed, opening no second checkout', async () => {
    const kit = purchaseKit();
    const request: PurchaseRequest = { kind: 'subscription', storeSlug: 'kit-shop', method: 'card' };
    const first = await buy(kit, request, 'key-1');
    const again = await buy(kit, request, 'key-1');
    expect(again).toEqual({ purchase: first.purchase, created: false });
    expect(kit.provider.checkouts.size).toBe(1);
    expect(kit.purchases.all()).toHaveLength(1);
  });

  it('refuses the key reused for another request', async () => {
    const kit = purchaseKit();
    await buy(kit, { kind: 'tip', storeSlug: 'kit-shop', method: 'card', amountMinor: 500 }, 'key-2');
    expect(
      await codeOf(buy(kit, { kind: 'tip', storeSlug: 'kit-shop', method: 'card', amountMinor: 600 }, 'key-2')),
    ).toBe('idempotency_key_reused');
  });
});

describe('the purchase handler: takeover', () => {
  it('takes the fan back to their open attempt for the same request under a new key', async () => {
    const kit = purchaseKit();
    const request: PurchaseRequest = { kind: 'content', contentId: kit.album.id, method: 'card' };
    const first = await buy(kit, request);
    const again = await buy(kit, request);
    expect(again).toEqual({ purchase: first.purchase, created: false });
  });

  it('ends the open attempt for another request (another method) and starts a new one', async () => {
    const kit = purchaseKit();
    const first = await buy(kit, { kind: 'content', contentId: kit.album.id, method: 'card' });
    const second = await buy(kit, { kind: 'content', contentId: kit.album.id, method: 'crypto' });
    expect(second.created).toBe(true);
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect((await kit.purchases.find(first.purchase.id))?.status).toBe('expired');
  });

  it('answers already_owned when the item is paid, and keeps an attempt the provider says was paid meanwhile', async () => {
    const kit = purchaseKit();
    const first = await buy(kit, { kind: 'content', contentId: kit.album.id, method: 'card' });
    kit.provider.facts.set(first.purchase.id, fact('captured', first.purchase.id, 1499, { checkoutId: 'cs_1' }));
    expect(await codeOf(buy(kit, { kind: 'content', contentId: kit.album.id, method: 'crypto' }))).toBe(
      'already_owned',
    );
    expect((await kit.purchases.find(first.purchase.id))?.status).toBe('paid');
    expect(await codeOf(buy(kit, { kind: 'content', contentId: kit.album.id, method: 'card' }))).toBe('already_owned');
  });
});

describe('the purchase handler: a post unlocked', () => {
  const postId = randomUUID();
  /** Posts' answer: the kit's store's creator sells the post at `priceMinor`, or refuses as set. */
  const offered = (kit: Kit, priceMinor = 700, refused?: 'not_found' | 'own' | 'unlocked' | 'blocked') =>
    kit.postOffers.set(postId, () =>
      refused ? { refused } : { offer: { postId, sellerId: kit.store.ownerId, priceMinor, currency: 'USD' } },
    );

  it("sells a post at the price posts answers (never the request's), titled for its store, with no referrer", async () => {
    const kit = purchaseKit();
    offered(kit);
    const { purchase, created } = await buy(kit, { kind: 'post', postId, method: 'card', amountMinor: 1 });
    expect(created).toBe(true);
    expect(purchase).toMatchObject({
      kind: 'post',
      status: 'requires_action',
      amountMinor: 700,
      currency: 'USD',
      storeSlug: 'kit-shop',
      contentTitle: 'Post: Kit Shop',
    });
    expect(await kit.purchases.find(purchase.id)).toMatchObject({
      postId,
      creatorId: kit.store.ownerId,
      referrerId: null,
    });
    // Paid: booked for payouts as a sale of the post's creator, announced to the fan and the creator.
    await kit.facts.applyToPurchase(purchase.id, fact('captured', purchase.id, 700, { checkoutId: 'cs_1' }));
    expect(kit.outbox.named('post-sale')).toEqual([
      expect.objectContaining({
        saleId: purchase.id,
        kind: 'post',
        creatorId: kit.store.ownerId,
        grossMinor: 700,
        referrerId: null,
        description: 'Post: Kit Shop',
      }),
    ]);
    expect(kit.outbox.named('purchase-paid')).toEqual([{ purchaseId: purchase.id }]);
    expect(kit.outbox.named('message-purchase-changed')).toEqual([]);
  });

  it("answers posts' refusals with their own codes, writing nothing", async () => {
    const kit = purchaseKit();
    const codes: Record<string, string> = {
      not_found: 'post_not_found',
      own: 'own_post',
      unlocked: 'already_unlocked',
      blocked: 'blocked',
    };
    for (const [refused, code] of Object.entries(codes)) {
      offered(kit, 700, refused as 'not_found');
      expect(await codeOf(buy(kit, { kind: 'post', postId, method: 'card' }))).toBe(code);
    }
    expect(await codeOf(buy(kit, { kind: 'post', postId: randomUUID(), method: 'card' }))).toBe('post_not_found');
    expect(kit.purchases.all()).toEqual([]);
  });

  it('needs postId with kind post only', async () => {
    const kit = purchaseKit();
    offered(kit);
    expect(await codeOf(buy(kit, { kind: 'post', method: 'card' }))).toBe('validation_failed');
    expect(await codeOf(buy(kit, { kind: 'content', contentId: kit.album.id, postId, method: 'card' }))).toBe(
      'validation_failed',
    );
    expect(
      await codeOf(buy(kit, { kind: 'tip', storeSlug: 'kit-shop', amountMinor: 500, postId, method: 'card' })),
    ).toBe('validation_failed');
    expect(kit.purchases.all()).toEqual([]);
  });

  it('expires the new purchase when the post is withdrawn, or repriced, between the offer and the write', async () => {
    const kit = purchaseKit();
    let asked = 0;
    kit.postOffers.set(postId, () =>
      ++asked === 1
        ? { offer: { postId, sellerId: kit.store.ownerId, priceMinor: 700, currency: 'USD' } }
        : { refused: 'not_found' },
    );
    expect(await codeOf(buy(kit, { kind: 'post', postId, method: 'card' }))).toBe('post_not_found');
    expect(kit.purchases.all()).toEqual([expect.objectContaining({ kind: 'post', status: 'expired' })]);
    expect(kit.provider.checkouts.size).toBe(0);

    let price = 700;
    kit.postOffers.set(postId, () => ({
      offer: { postId, sellerId: kit.store.ownerId, priceMinor: price++, currency: 'USD' },
    }));
    expect(await codeOf(buy(kit, { kind: 'post', postId, method: 'card' }))).toBe('price_changed');
    expect(kit.purchases.all().map((p) => p.status)).toEqual(['expired', 'expired']);
  });

  it('holds the post while a checkout is open: the same request goes back to it, another replaces it, a paid one is already_unlocked', async () => {
    const kit = purchaseKit();
    offered(kit);
    const first = await buy(kit, { kind: 'post', postId, method: 'card' });
    expect(await buy(kit, { kind: 'post', postId, method: 'card' })).toEqual({
      purchase: first.purchase,
      created: false,
    });
    const second = await buy(kit, { kind: 'post', postId, method: 'crypto' });
    expect(second.created).toBe(true);
    expect((await kit.purchases.find(first.purchase.id))?.status).toBe('expired');
    // The provider says the crypto payment arrived: the post is held by a paid purchase.
    kit.provider.facts.set(second.purchase.id, fact('captured', second.purchase.id, 700, { checkoutId: 'cs_2' }));
    expect(await codeOf(buy(kit, { kind: 'post', postId, method: 'card' }))).toBe('already_unlocked');
    expect((await kit.purchases.find(second.purchase.id))?.status).toBe('paid');
  });
});
