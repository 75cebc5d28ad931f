import { beforeEach, describe, expect, it } from '@jest/globals';
import { FixedClock } from '#app/platform';
import { activate, failRenewal, renew, type Subscription } from '../../domain/subscription.js';
import { InMemorySubscriptionRepository } from '../../testing/in-memory-subscription.repository.js';
import { RenewalPayments, type RenewalOutcome } from './renewal-payments.js';
import { SubscriptionRenewals } from './subscription-renewals.js';

type Answer = 'paid' | 'declined' | 'unavailable' | 'skipped';

/**
 * The provider as the renewal job sees it: each charge answers as told (paid by default), and a
 * settled answer reaches the subscription as SubscriptionEffects applies it.
 */
class ScriptedPayments extends RenewalPayments {
  readonly deleted = new Set<string>();
  readonly answers = new Map<string, Answer>();
  readonly charges: { subscriptionId: string; periodStart: Date; storeName: string }[] = [];

  constructor(private readonly repository: InMemorySubscriptionRepository) {
    super();
  }

  async accountExists(userId: string): Promise<boolean> {
    return !this.deleted.has(userId);
  }

  async charge(subscription: Subscription, storeName: string, at: Date): Promise<RenewalOutcome> {
    const answer = this.answers.get(subscription.id) ?? 'paid';
    if (answer === 'unavailable' || answer === 'skipped') return answer;
    const periodStart = subscription.currentPeriodEnd;
    this.charges.push({ subscriptionId: subscription.id, periodStart, storeName });
    this.repository.settleRenewal(subscription.id, periodStart);
    await this.repository.transaction(async (tx) => {
      const current = (await this.repository.lock(tx, subscription.id))!;
      await this.repository.save(
        tx,
        answer === 'paid' ? renew(current, periodStart, at) : failRenewal(current, periodStart, at),
      );
    });
    return 'charged';
  }
}

const startedAt = new Date('2030-01-05T00:00:00Z');
const periodEnd = new Date('2030-02-05T00:00:00Z');
const TERMS = {
  creatorId: 'creator',
  priceMinor: 500,
  currency: 'USD',
  method: 'card' as const,
  paymentMethodRef: 'pm',
};
let clock: FixedClock;
let repository: InMemorySubscriptionRepository;
let payments: ScriptedPayments;
let renewals: SubscriptionRenewals;

const subscribe = (id: string, changes: Partial<Subscription> = {}) =>
  repository.save(null, {
    ...activate(null, id, { ...TERMS, subscriberId: `fan-${id}`, storeId: `store-${id}` }, startedAt),
    ...changes,
  });
const stored = (id: string) => repository.all().find((row) => row.id === id)!;

beforeEach(() => {
  clock = new FixedClock(new Date('2030-02-05T00:15:00Z'));
  repository = new InMemorySubscriptionRepository();
  payments = new ScriptedPayments(repository);
  renewals = new SubscriptionRenewals(clock, repository, payments);
});

describe('the renewal job', () => {
  it('charges a due subscription once per period and extends it a month', async () => {
    await subscribe('a');
    repository.setStore('store-a', { name: 'Shop A', sells: true });
    expect(await renewals.run()).toEqual({ expired: 0, charged: 1 });
    expect(payments.charges).toEqual([{ subscriptionId: 'a', periodStart: periodEnd, storeName: 'Shop A' }]);
    expect(stored('a')).toMatchObject({
      status: 'active',
      currentPeriodStart: periodEnd,
      currentPeriodEnd: new Date('2030-03-05T00:00:00Z'),
    });
    expect(await renewals.run()).toEqual({ expired: 0, charged: 0 });
    expect(payments.charges).toHaveLength(1);
  });

  it('leaves alone what is not due yet', async () => {
    await subscribe('a');
    clock.set(new Date(periodEnd.getTime() - 1));
    expect(await renewals.run()).toEqual({ expired: 0, charged: 0 });
    expect(stored('a').currentPeriodEnd).toEqual(periodEnd);
  });

  it('makes a subscription whose renewal was declined past due, and charges it no more', async () => {
    await subscribe('a');
    payments.answers.set('a', 'declined');
    expect(await renewals.run()).toEqual({ expired: 0, charged: 1 });
    expect(stored('a')).toMatchObject({ status: 'past_due', currentPeriodEnd: periodEnd });
    clock.advance(86_400_000);
    expect(await renewals.run()).toEqual({ expired: 0, charged: 0 });
    expect(payments.charges).toHaveLength(1);
  });

  it('leaves a renewal the provider could not take for the next run, which charges it', async () => {
    await subscribe('a');
    await subscribe('b');
    payments.answers.set('a', 'unavailable');
    expect(await renewals.run()).toEqual({ expired: 0, charged: 1 });
    expect(stored('a')).toMatchObject({ status: 'active', currentPeriodEnd: periodEnd });
    payments.answers.delete('a');
    clock.advance(15 * 60_000);
    expect(await renewals.run()).toEqual({ expired: 0, charged: 1 });
    expect(stored('a')).toMatchObject({ status: 'active', currentPeriodStart: periodEnd });
  });

  it('expires those that do not renew: automatic renewal off, or a store that sells subscriptions no more', async () => {
    await subscribe('off', { autoRenew: false });
    await subscribe('closed');
    await subscribe('cancelled', { status: 'cancelled', autoRenew: false });
    repository.setStore('store-closed', { name: 'Closed', sells: false });
    expect(await renewals.run()).toEqual({ expired: 2, charged: 0 });
    expect(stored('off')).toMatchObject({ status: 'expired', autoRenew: false });
    expect(stored('closed')).toMatchObject({ status: 'expired', autoRenew: true });
    expect(stored('cancelled').status).toBe('cancelled');
    expect(payments.charges).toEqual([]);
  });

  it("expires a deleted account's subscription with its period, charging nobody", async () => {
    await subscribe('gone');
    payments.deleted.add('fan-gone');
    expect(await renewals.run()).toEqual({ expired: 1, charged: 0 });
    expect(stored('gone')).toMatchObject({ status: 'expired', autoRenew: false });
    expect(payments.charges).toEqual([]);
  });

  it('works through more than one batch', async () => {
    for (let n = 0; n < 130; n++) await subscribe(`s${String(n).padStart(3, '0')}`);
    expect(await renewals.run()).toEqual({ expired: 0, charged: 130 });
    expect(repository.all().every((row) => row.currentPeriodStart.getTime() === periodEnd.getTime())).toBe(true);
  });
});
