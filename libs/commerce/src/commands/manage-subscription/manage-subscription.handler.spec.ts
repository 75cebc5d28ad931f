import { beforeEach, describe, expect, it } from '@jest/globals';
import { FixedClock } from '#app/platform';
import { activate, type Subscription, type SubscriptionStatus } from '../../domain/subscription.js';
import type { SubscriptionView } from '../../queries/subscriptions/subscription-view.js';
import { InMemorySubscriptionRepository } from '../../testing/in-memory-subscription.repository.js';
import { ManageSubscriptionCommand } from './manage-subscription.command.js';
import { ManageSubscriptionHandler } from './manage-subscription.handler.js';

const startedAt = new Date('2030-01-10T00:00:00Z');
const clock = new FixedClock(new Date('2030-01-20T00:00:00Z'));
let repository: InMemorySubscriptionRepository;
let handler: ManageSubscriptionHandler;
let subscription: Subscription;

/** The view as the read model answers it, from the stored value. */
const views = {
  byId: async (id: string): Promise<SubscriptionView | null> => {
    const row = repository.all().find((entry) => entry.id === id);
    if (!row) return null;
    const { status, autoRenew, priceMinor, currency } = row;
    const dates = { currentPeriodEnd: row.currentPeriodEnd.toISOString(), startedAt: row.startedAt.toISOString() };
    return { id, storeSlug: 'shop', storeName: 'Shop', status, autoRenew, priceMinor, currency, ...dates };
  },
};

const terms = {
  subscriberId: 'fan',
  storeId: 'store',
  creatorId: 'creator',
  priceMinor: 999,
  currency: 'USD',
  method: 'card' as const,
  paymentMethodRef: '',
};
const stored = () => repository.all()[0];
const withStatus = async (status: SubscriptionStatus) => repository.save(null, { ...subscription, status });

beforeEach(async () => {
  repository = new InMemorySubscriptionRepository();
  handler = new ManageSubscriptionHandler(repository, views, clock);
  subscription = await repository.save(null, activate(null, 'sub-1', terms, startedAt));
});

describe('managing a subscription', () => {
  it('cancels: access stays to the period end, nothing renews, and the answer shows it', async () => {
    const view = await handler.execute(new ManageSubscriptionCommand('fan', 'sub-1', 'cancel'));
    expect(view).toMatchObject({
      id: 'sub-1',
      status: 'cancelled',
      autoRenew: false,
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    });
    expect(stored()).toMatchObject({ status: 'cancelled', cancelledAt: clock.now() });
  });

  it.each(['cancelled', 'expired', 'past_due'] as const)(
    'cancelling a %s subscription changes nothing',
    async (status) => {
      const before = await withStatus(status);
      expect(await handler.execute(new ManageSubscriptionCommand('fan', 'sub-1', 'cancel'))).toMatchObject({ status });
      expect(stored()).toEqual(before);
    },
  );

  it('turns automatic renewal off, then on again (resume)', async () => {
    expect(await handler.execute(new ManageSubscriptionCommand('fan', 'sub-1', { autoRenew: false }))).toMatchObject({
      status: 'active',
      autoRenew: false,
    });
    expect(await handler.execute(new ManageSubscriptionCommand('fan', 'sub-1', { autoRenew: true }))).toMatchObject({
      status: 'active',
      autoRenew: true,
    });
    expect(stored().updatedAt).toEqual(clock.now());
  });

  it.each(['cancelled', 'expired', 'past_due'] as const)(
    'refuses a renewal change to a %s subscription, writing nothing',
    async (status) => {
      const before = await withStatus(status);
      const resumed = handler.execute(new ManageSubscriptionCommand('fan', 'sub-1', { autoRenew: true }));
      await expect(resumed).rejects.toMatchObject({ status: 409, code: 'subscription_ended' });
      expect(stored()).toEqual(before);
    },
  );

  it("answers another fan's subscription like a missing one", async () => {
    for (const [fan, id] of [
      ['someone-else', 'sub-1'],
      ['fan', 'sub-2'],
    ]) {
      await expect(handler.execute(new ManageSubscriptionCommand(fan, id, 'cancel'))).rejects.toMatchObject({
        status: 404,
        code: 'subscription_not_found',
      });
    }
    expect(stored()).toEqual(subscription);
  });
});
