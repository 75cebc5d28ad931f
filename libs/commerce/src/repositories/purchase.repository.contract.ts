import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { newPurchaseId } from './purchase-id.js';
import { PurchaseHeld, type NewSale, type PurchaseRecord, type PurchaseRepository } from './purchase.repository.js';

/** What each adapter's suite gives the contract: the repository, two buyers, and an active store that is neither's. */
export interface PurchaseRepositoryWorld {
  repository: PurchaseRepository;
  buyerId: string;
  otherBuyerId: string;
  store: { id: string; slug: string; displayName: string; ownerId: string };
}

const PROVIDER = 'contract-provider';

/**
 * The one contract both purchase repositories pass (in memory: in-memory-purchase.repository.spec.ts;
 * PostgreSQL: postgres-purchase.repository.e2e.ts). `world` is called once the adapter's suite has set up.
 */
export function purchaseRepositoryContract(adapter: string, world: () => PurchaseRepositoryWorld): void {
  let clock = Date.now();
  const tick = () => new Date((clock += 1000));

  const sale = (w: PurchaseRepositoryWorld, overrides: Partial<NewSale> = {}): NewSale => {
    const createdAt = tick();
    return {
      item: { kind: 'store', storeId: w.store.id, amountMinor: 500, currency: 'USD', conversationId: null },
      id: newPurchaseId(createdAt),
      buyerId: w.buyerId,
      kind: 'tip',
      method: 'card',
      message: 'Thanks!',
      idempotencyKey: `key-${randomUUID()}`,
      requestHash: 'fingerprint-1',
      provider: PROVIDER,
      returnTo: '/stores/shop',
      referralCode: null,
      createdAt,
      ...overrides,
    };
  };
  const tip = async (w: PurchaseRepositoryWorld, overrides: Partial<NewSale> = {}) =>
    (await w.repository.insertSale(sale(w, overrides)))!;
  const subscription = (w: PurchaseRepositoryWorld, buyerId: string) =>
    sale(w, {
      buyerId,
      kind: 'subscription',
      message: null,
      item: { kind: 'store', storeId: w.store.id, amountMinor: 999, currency: 'USD', conversationId: null },
    });
  const saved = (w: PurchaseRepositoryWorld, purchase: PurchaseRecord) =>
    w.repository.transaction((em) => w.repository.save(em, purchase));

  describe(`the purchase repository (${adapter})`, () => {
    it('writes a sale pending at version 1, as it was sold, and finds it scoped to its buyer and provider', async () => {
      const w = world();
      const written = await tip(w);
      expect(written).toMatchObject({
        status: 'pending',
        version: 1,
        kind: 'tip',
        amountMinor: 500,
        currency: 'USD',
        buyerId: w.buyerId,
        storeId: w.store.id,
      });
      expect(written).toMatchObject({
        creatorId: w.store.ownerId,
        storeSlug: w.store.slug,
        storeName: w.store.displayName,
      });
      expect(written).toMatchObject({
        returnTo: '/stores/shop',
        requestHash: 'fingerprint-1',
        note: 'Thanks!',
        messageId: null,
        messageCreatedAt: null,
      });
      expect(await w.repository.find(written.id)).toEqual(written);
      expect(await w.repository.find(written.id, { buyerId: w.buyerId, provider: PROVIDER })).toEqual(written);
      expect(await w.repository.find(written.id, { buyerId: w.otherBuyerId })).toBeNull();
      expect(await w.repository.find(written.id, { provider: 'another' })).toBeNull();
      expect(await w.repository.find(randomUUID())).toBeNull();
    });

    it('writes nothing for a known Idempotency-Key, and finds the purchase the key placed', async () => {
      const w = world();
      const first = await tip(w, { idempotencyKey: 'the-same-key' });
      expect(
        await w.repository.insertSale(sale(w, { idempotencyKey: 'the-same-key', requestHash: 'fingerprint-2' })),
      ).toBeNull();
      expect(await w.repository.findByIdempotencyKey(w.buyerId, 'the-same-key')).toEqual(first);
      expect(await w.repository.findByIdempotencyKey(w.otherBuyerId, 'the-same-key')).toBeNull();
    });

    it("refuses a second open payment of a store's subscription (PurchaseHeld), finds the open attempt, and frees it once the attempt ends", async () => {
      const w = world();
      const first = (await w.repository.insertSale(subscription(w, w.otherBuyerId)))!;
      await expect(w.repository.insertSale(subscription(w, w.otherBuyerId))).rejects.toEqual(
        new PurchaseHeld('subscription'),
      );
      expect((await w.repository.findOpenAttempt(w.otherBuyerId, 'subscription', w.store.slug.toUpperCase()))?.id).toBe(
        first.id,
      );
      expect(await w.repository.findOpenAttempt(w.buyerId, 'subscription', w.store.slug)).toBeNull();
      await saved(w, { ...first, status: 'expired', checkoutUrl: null });
      const second = (await w.repository.insertSale(subscription(w, w.otherBuyerId)))!;
      expect(await w.repository.transaction((em) => w.repository.heldElsewhere(em, first))).toBe(true);
      expect(await w.repository.transaction((em) => w.repository.heldElsewhere(em, second))).toBe(false);
      expect(await w.repository.findOpenAttempt(w.otherBuyerId, 'subscription', w.store.slug)).toMatchObject({
        id: second.id,
      });
      await saved(w, { ...second, status: 'expired' });
    });

    it("writes a post's sale to its creator's store, holds the post per buyer (PurchaseHeld) while live, and frees it once the attempt ends", async () => {
      const w = world();
      const postId = randomUUID();
      const postSale = (buyerId: string) =>
        sale(w, {
          buyerId,
          kind: 'post',
          message: null,
          referralCode: null,
          item: { kind: 'post', offer: { postId, sellerId: w.store.ownerId, priceMinor: 700, currency: 'USD' } },
        });
      const first = (await w.repository.insertSale(postSale(w.buyerId)))!;
      expect(first).toMatchObject({ kind: 'post', postId, status: 'pending', amountMinor: 700, currency: 'USD' });
      expect(first).toMatchObject({
        storeId: w.store.id,
        creatorId: w.store.ownerId,
        contentTitle: `Post: ${w.store.displayName}`,
        contentId: null,
        messageId: null,
        conversationId: null,
        referrerId: null,
      });
      expect(await w.repository.find(first.id)).toEqual(first);
      await expect(w.repository.insertSale(postSale(w.buyerId))).rejects.toEqual(new PurchaseHeld('post'));
      expect(await w.repository.insertSale(postSale(w.store.ownerId))).toBeNull();
      const others = (await w.repository.insertSale(postSale(w.otherBuyerId)))!;
      expect((await w.repository.findOpenAttempt(w.buyerId, 'post', postId))?.id).toBe(first.id);
      expect(await w.repository.findOpenAttempt(w.buyerId, 'post', randomUUID())).toBeNull();

      await saved(w, { ...first, status: 'expired', checkoutUrl: null });
      expect(await w.repository.findOpenAttempt(w.buyerId, 'post', postId)).toBeNull();
      const second = (await w.repository.insertSale(postSale(w.buyerId)))!;
      await saved(w, { ...second, status: 'paid', paidAt: tick() });
      expect(await w.repository.transaction((em) => w.repository.heldElsewhere(em, first))).toBe(true);
      expect(await w.repository.transaction((em) => w.repository.heldElsewhere(em, second))).toBe(false);
      await expect(w.repository.insertSale(postSale(w.buyerId))).rejects.toEqual(new PurchaseHeld('post'));
      await saved(w, { ...others, status: 'expired' });
    });

    it('saves what a decision changes and raises the version; a save decided on an older version writes nothing', async () => {
      const w = world();
      const written = await tip(w);
      const paidAt = tick();
      const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2035 };
      await w.repository.transaction(async (em) => {
        const locked = (await w.repository.lock(em, written.id))!;
        await w.repository.save(em, {
          ...locked,
          status: 'paid',
          providerPaymentId: 'pay_1',
          checkoutId: 'cs_1',
          card,
          paidAt,
          amountMinor: 1,
        });
      });
      const paid = (await w.repository.find(written.id))!;
      expect(paid).toEqual({
        ...written,
        status: 'paid',
        providerPaymentId: 'pay_1',
        checkoutId: 'cs_1',
        card,
        paidAt,
        version: 2,
      });
      expect(await w.repository.saveIfUnchanged({ ...written, status: 'expired' })).toBe(false);
      expect(await w.repository.saveIfUnchanged({ ...paid, disputeStage: 'needs_response' })).toBe(true);
      expect(await w.repository.find(written.id)).toMatchObject({
        status: 'paid',
        disputeStage: 'needs_response',
        version: 3,
      });
    });

    it('rolls a transaction back when its work throws', async () => {
      const w = world();
      const written = await tip(w);
      const failing = w.repository.transaction(async (em) => {
        await w.repository.save(em, { ...written, status: 'failed', failureReason: 'declined' });
        throw new Error('the work failed');
      });
      await expect(failing).rejects.toThrow('the work failed');
      expect(await w.repository.find(written.id)).toEqual(written);
    });

    it("claims a provider's event once and locks the purchase it names; an unknown reference locks nothing", async () => {
      const w = world();
      const written = await tip(w);
      const claim = (eventId: string, reference: string, provider = PROVIDER) => ({
        provider,
        eventId,
        type: 'captured',
        reference,
        receivedAt: tick(),
      });
      const eventId = `evt_${randomUUID()}`;
      const first = await w.repository.transaction((em) =>
        w.repository.claimEventAndLock(em, claim(eventId, written.id)),
      );
      expect(first).toEqual({ claimed: true, purchase: written });
      const again = await w.repository.transaction((em) =>
        w.repository.claimEventAndLock(em, claim(eventId, written.id)),
      );
      expect(again.claimed).toBe(false);
      const unknown = await w.repository.transaction((em) =>
        w.repository.claimEventAndLock(em, claim(`evt_${randomUUID()}`, 'not-a-purchase')),
      );
      expect(unknown).toEqual({ claimed: true, purchase: null });
      const elsewhere = await w.repository.transaction((em) =>
        w.repository.claimEventAndLock(em, claim(`evt_${randomUUID()}`, written.id, 'another')),
      );
      expect(elsewhere).toEqual({ claimed: true, purchase: null });
      await w.repository.transaction((em) => w.repository.refuseEvent(em, PROVIDER, eventId, 'amount differs'));
    });

    it('lists open checkouts created before a time, oldest first', async () => {
      const w = world();
      const older = await tip(w);
      const newer = await tip(w);
      const settled = await tip(w);
      await saved(w, { ...settled, status: 'expired' });
      const open = await w.repository.openBefore(new Date(newer.createdAt.getTime() + 1), 10_000);
      expect(open.indexOf(older.id)).toBeLessThan(open.indexOf(newer.id));
      expect(open).toEqual(expect.arrayContaining([older.id, newer.id]));
      expect(open).not.toContain(settled.id);
      expect(await w.repository.openBefore(older.createdAt, 10_000)).not.toContain(older.id);
      for (const purchase of [older, newer]) await saved(w, { ...purchase, status: 'expired' });
    });
  });
}
