import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { activate, cancelAtPeriodEnd, failRenewal, type Subscription } from '../domain/subscription.js';
import type { SubscriptionRepository } from '../repositories/subscription.repository.js';

/** What the contract needs around an adapter: a store to subscribe to, and a way to stop it selling subscriptions. */
export interface SubscriptionRepositoryFixture {
  repository: () => SubscriptionRepository;
  /** A store that sells subscriptions; each call a new one. */
  newStore: () => Promise<{ storeId: string; creatorId: string; name: string }>;
  stopSelling: (storeId: string) => Promise<void>;
}

const TERMS = { priceMinor: 999, currency: 'USD', method: 'card' as const, paymentMethodRef: 'pm_1' };

// Far in the past, so that no other suite's subscriptions (in a shared database) come before these.
const start = new Date('1990-01-15T12:00:00.000Z');
const periodEnd = new Date('1990-02-15T12:00:00.000Z');
const afterEnd = new Date('1990-03-01T00:00:00.000Z');

/**
 * The behaviour every SubscriptionRepository adapter shares, run against PostgreSQL
 * (subscription.repository.e2e.ts) and in memory (in-memory-subscription.repository.spec.ts).
 */
export function subscriptionRepositoryContract(name: string, fixture: SubscriptionRepositoryFixture): void {
  describe(`the subscription repository (${name})`, () => {
    const repo = () => fixture.repository();
    const subscribe = async (
      store: { storeId: string; creatorId: string },
      changes: Partial<Subscription> = {},
      at = start,
    ): Promise<Subscription> => {
      const terms = { ...TERMS, subscriberId: randomUUID(), storeId: store.storeId, creatorId: store.creatorId };
      return repo().save(null, { ...activate(null, randomUUID(), terms, at), ...changes });
    };
    let shared: ReturnType<SubscriptionRepositoryFixture['newStore']> | null = null;
    /** A store the tests that look at their own fans only share (a store costs a verified creator in PostgreSQL). */
    const sharedStore = () => (shared ??= fixture.newStore());
    const ids = (list: { id: string }[], mine: Subscription[]) =>
      list.map((entry) => entry.id).filter((id) => mine.some((own) => own.id === id));

    it('stores a subscription and reads it back as it was, locked in a transaction', async () => {
      const store = await sharedStore();
      const saved = await subscribe(store, { cancelledAt: null });
      expect(saved.priceMinor).toBe(999);
      const read = await repo().transaction((tx) => repo().lock(tx, saved.id));
      expect(read).toEqual(saved);
      const cancelled = await repo().save(null, cancelAtPeriodEnd(saved, afterEnd));
      expect(await repo().transaction((tx) => repo().lock(tx, saved.id))).toEqual(cancelled);
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: afterEnd, autoRenew: false });
      expect(await repo().transaction((tx) => repo().lock(tx, randomUUID()))).toBeNull();
    });

    it("finds the fan's own subscription by id, and by store; another fan's answers like a missing one", async () => {
      const store = await sharedStore();
      const saved = await subscribe(store);
      await repo().transaction(async (tx) => {
        expect(await repo().lockOwned(tx, saved.id, saved.subscriberId)).toEqual(saved);
        expect(await repo().lockOwned(tx, saved.id, randomUUID())).toBeNull();
        expect(await repo().lockForStore(tx, saved.subscriberId, store.storeId)).toEqual(saved);
        expect(await repo().lockForStore(tx, randomUUID(), store.storeId)).toBeNull();
      });
    });

    it("keeps one subscription per fan and store: a new value for the pair takes over the row's id", async () => {
      const store = await sharedStore();
      const first = await subscribe(store);
      const again = activate(null, randomUUID(), { ...first, priceMinor: 1500 }, afterEnd);
      const stored = await repo().save(null, again);
      expect(stored).toEqual({ ...again, id: first.id });
      expect(await repo().transaction((tx) => repo().lockForStore(tx, first.subscriberId, store.storeId))).toEqual(
        stored,
      );
    });

    it('lists what a user renews as a fan or sells as a creator, active or past due', async () => {
      const store = await fixture.newStore();
      const active = await subscribe(store);
      const pastDue = await repo().save(null, failRenewal(await subscribe(store), periodEnd, afterEnd));
      await subscribe(store, { status: 'cancelled' });
      await subscribe(store, { status: 'expired' });
      const asCreator = await repo().transaction((tx) => repo().lockRenewingOf(tx, store.creatorId));
      expect(asCreator.map((row) => row.id).sort()).toEqual([active.id, pastDue.id].sort());
      expect(await repo().transaction((tx) => repo().lockRenewingOf(tx, pastDue.subscriberId))).toEqual([pastDue]);
    });

    it('lists the active subscriptions whose period ended that will not renew', async () => {
      const store = await fixture.newStore();
      const notRenewing = await subscribe(store, { autoRenew: false });
      const renewing = await subscribe(store);
      const running = await subscribe(store, { autoRenew: false }, afterEnd);
      const cancelled = await subscribe(store, { status: 'cancelled', autoRenew: false });
      const mine = [notRenewing, renewing, running, cancelled];
      expect(ids(await repo().transaction((tx) => repo().lockEndingWithPeriod(tx, afterEnd)), mine)).toEqual([
        notRenewing.id,
      ]);
      await fixture.stopSelling(store.storeId);
      const ending = await repo().transaction((tx) => repo().lockEndingWithPeriod(tx, afterEnd));
      expect(ids(ending, mine).sort()).toEqual([notRenewing.id, renewing.id].sort());
    });

    it('lists those due for renewal, earliest period end first, leaving out the skipped ones, up to a limit', async () => {
      const store = await sharedStore();
      const earlier = await subscribe(store, {}, new Date(start.getTime() - 86_400_000));
      const due = await subscribe(store);
      const skipped = await subscribe(store);
      const notRenewing = await subscribe(store, { autoRenew: false });
      const pastDue = await subscribe(store, { status: 'past_due' });
      const running = await subscribe(store, {}, afterEnd);
      const mine = [earlier, due, skipped, notRenewing, pastDue, running];
      const listed = await repo().transaction((tx) => repo().dueForRenewal(tx, afterEnd, [skipped.id], 100));
      expect(
        ids(
          listed.map((entry) => entry.subscription),
          mine,
        ),
      ).toEqual([earlier.id, due.id]);
      expect(listed.find((entry) => entry.subscription.id === due.id)).toEqual({
        subscription: due,
        storeName: store.name,
      });
      expect(await repo().transaction((tx) => repo().dueForRenewal(tx, afterEnd, [skipped.id], 1))).toHaveLength(1);
    });

    it('saves several at once', async () => {
      const store = await sharedStore();
      const [a, b] = [await subscribe(store), await subscribe(store)];
      await repo().saveAll(null, [cancelAtPeriodEnd(a, afterEnd), cancelAtPeriodEnd(b, afterEnd)]);
      await repo().saveAll(null, []);
      const read = await repo().transaction(async (tx) => [await repo().lock(tx, a.id), await repo().lock(tx, b.id)]);
      expect(read.map((row) => row?.status)).toEqual(['cancelled', 'cancelled']);
    });

    it('leaves nothing written by a transaction that failed', async () => {
      const store = await sharedStore();
      const saved = await subscribe(store);
      const failed = repo().transaction(async (tx) => {
        await repo().save(tx, cancelAtPeriodEnd(saved, afterEnd));
        throw new Error('rolled back');
      });
      await expect(failed).rejects.toThrow('rolled back');
      expect(await repo().transaction((tx) => repo().lock(tx, saved.id))).toEqual(saved);
    });
  });
}
