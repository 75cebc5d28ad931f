import { beforeEach, describe, expect, it } from '@jest/globals';
import { activate, type Subscription, type SubscriptionStatus } from '../../domain/subscription.js';
import { InMemorySubscriptionRepository } from '../../testing/in-memory-subscription.repository.js';
import { EndAccountSubscriptions } from './end-account-subscriptions.js';

const startedAt = new Date('2030-01-05T00:00:00Z');
const deletedAt = new Date('2030-01-20T00:00:00Z');
const TERMS = { priceMinor: 500, currency: 'USD', method: 'card' as const, paymentMethodRef: 'pm' };
let repository: InMemorySubscriptionRepository;
let ending: EndAccountSubscriptions;

const subscribe = (
  id: string,
  subscriberId: string,
  creatorId: string,
  status: SubscriptionStatus = 'active',
): Promise<Subscription> =>
  repository.save(null, {
    ...activate(null, id, { ...TERMS, subscriberId, storeId: `store-of-${creatorId}`, creatorId }, startedAt),
    status,
  });
const statusOf = (id: string) => repository.all().find((row) => row.id === id);

beforeEach(() => {
  repository = new InMemorySubscriptionRepository();
  ending = new EndAccountSubscriptions(repository);
});

describe('ending the subscriptions of a deleted account', () => {
  it('ends now what the account renews as a fan and what fans renew in its store, active or past due', async () => {
    await subscribe('as-fan', 'leaver', 'creator');
    await subscribe('past-due', 'leaver', 'other-creator', 'past_due');
    await subscribe('in-store', 'fan', 'leaver');
    await subscribe('unrelated', 'fan', 'creator');
    expect(await repository.transaction((tx) => ending.end(tx, 'leaver', deletedAt))).toBe(3);
    for (const id of ['as-fan', 'past-due', 'in-store']) {
      expect(statusOf(id)).toMatchObject({
        status: 'cancelled',
        autoRenew: false,
        cancelledAt: deletedAt,
        updatedAt: deletedAt,
      });
    }
    expect(statusOf('unrelated')).toMatchObject({ status: 'active', autoRenew: true });
  });

  it('leaves what already ended as it was, and ends nothing twice', async () => {
    const cancelled = await subscribe('cancelled', 'leaver', 'creator', 'cancelled');
    const expired = await subscribe('expired', 'fan', 'leaver', 'expired');
    expect(await repository.transaction((tx) => ending.end(tx, 'leaver', deletedAt))).toBe(0);
    expect(statusOf('cancelled')).toEqual(cancelled);
    expect(statusOf('expired')).toEqual(expired);
    await subscribe('active', 'leaver', 'third-creator');
    expect(await repository.transaction((tx) => ending.end(tx, 'leaver', deletedAt))).toBe(1);
    expect(await repository.transaction((tx) => ending.end(tx, 'leaver', deletedAt))).toBe(0);
  });
});
