import { describe, expect, it } from '@jest/globals';
import {
  activate,
  cancelAtPeriodEnd,
  endForClosedAccount,
  endsWithItsPeriod,
  expire,
  failRenewal,
  isDueForRenewal,
  isLive,
  renew,
  revokeAccess,
  setAutoRenew,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionStatus,
  type SubscriptionTerms,
} from './subscription.js';

const paidAt = new Date('2030-01-31T10:00:00Z');
const periodEnd = new Date('2030-02-28T10:00:00Z');
const later = new Date('2030-03-01T00:00:00Z');
const terms: SubscriptionTerms = {
  subscriberId: 'fan',
  storeId: 'store',
  creatorId: 'creator',
  priceMinor: 500,
  currency: 'USD',
  method: 'card',
  paymentMethodRef: 'pm_1',
};
const active = activate(null, 'sub-1', terms, paidAt);
const withStatus = (status: SubscriptionStatus, changes: Partial<Subscription> = {}): Subscription => ({
  ...active,
  status,
  ...changes,
});
const refusal = (from: string) => ({
  status: 409,
  code: 'subscription_transition_not_allowed',
  extra: expect.objectContaining({ from }),
});

describe('activating a subscription', () => {
  it('starts an active, renewing subscription for a calendar month from the payment', () => {
    const period = { currentPeriodStart: paidAt, currentPeriodEnd: periodEnd };
    expect(active).toEqual({
      ...terms,
      ...period,
      id: 'sub-1',
      status: 'active',
      autoRenew: true,
      startedAt: paidAt,
      cancelledAt: null,
      updatedAt: paidAt,
    });
  });

  it.each(SUBSCRIPTION_STATUSES)('starts again a %s one under its own id, with the new terms', (status) => {
    const old = withStatus(status, { autoRenew: false, cancelledAt: paidAt, priceMinor: 300 });
    const restarted = activate(old, 'sub-2', terms, later);
    expect(restarted).toMatchObject({
      id: 'sub-1',
      status: 'active',
      autoRenew: true,
      priceMinor: 500,
      cancelledAt: null,
      startedAt: later,
    });
  });

  it("refuses to start another fan's subscription", () => {
    expect(() => activate(active, 'sub-2', { ...terms, subscriberId: 'other' }, later)).toThrow(
      expect.objectContaining(refusal('active')),
    );
  });
});

describe('renewals', () => {
  it('a paid renewal extends the period by a calendar month from where it ended', () => {
    const next = new Date('2030-03-28T10:00:00Z');
    expect(renew(active, periodEnd, later)).toMatchObject({
      status: 'active',
      currentPeriodStart: periodEnd,
      currentPeriodEnd: next,
      updatedAt: later,
    });
  });

  it('a paid renewal makes a past-due subscription active again', () => {
    expect(renew(withStatus('past_due'), periodEnd, later).status).toBe('active');
  });

  it('a payment for another period changes nothing (applied twice, or access revoked meanwhile)', () => {
    const renewed = renew(active, periodEnd, later);
    expect(renew(renewed, periodEnd, later)).toBe(renewed);
  });

  it('a failed renewal makes an active subscription past due, once, and only for its current period', () => {
    const pastDue = failRenewal(active, periodEnd, later);
    expect(pastDue).toMatchObject({ status: 'past_due', currentPeriodEnd: periodEnd, updatedAt: later });
    expect(failRenewal(pastDue, periodEnd, later)).toBe(pastDue);
    expect(failRenewal(active, paidAt, later)).toBe(active);
    const cancelled = withStatus('cancelled');
    expect(failRenewal(cancelled, periodEnd, later)).toBe(cancelled);
  });

  it('is due when active, renewing and its period ended', () => {
    expect(isDueForRenewal(active, periodEnd)).toBe(true);
    expect(isDueForRenewal(active, paidAt)).toBe(false);
    expect(isDueForRenewal({ ...active, autoRenew: false }, later)).toBe(false);
    expect(isDueForRenewal(withStatus('past_due'), later)).toBe(false);
  });

  it('ends with its period when it does not renew or the store sells subscriptions no more', () => {
    expect(endsWithItsPeriod({ ...active, autoRenew: false }, later, true)).toBe(true);
    expect(endsWithItsPeriod(active, later, false)).toBe(true);
    expect(endsWithItsPeriod(active, later, true)).toBe(false);
    expect(endsWithItsPeriod({ ...active, autoRenew: false }, paidAt, true)).toBe(false);
    expect(endsWithItsPeriod(withStatus('cancelled', { autoRenew: false }), later, true)).toBe(false);
  });

  it('expires an active subscription; a deleted account renews no more', () => {
    expect(expire(active, 'not_renewing', later)).toMatchObject({
      status: 'expired',
      autoRenew: true,
      updatedAt: later,
    });
    expect(expire(active, 'account_deleted', later)).toMatchObject({ status: 'expired', autoRenew: false });
  });

  it.each(['cancelled', 'expired', 'past_due'] as const)('refuses to expire a %s subscription', (status) => {
    expect(() => expire(withStatus(status), 'not_renewing', later)).toThrow(expect.objectContaining(refusal(status)));
  });
});

describe('the fan changing a subscription', () => {
  it('cancels at the period end: access stays, nothing renews; cancelling again changes nothing', () => {
    const cancelled = cancelAtPeriodEnd(active, later);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      cancelledAt: later,
      currentPeriodEnd: periodEnd,
    });
    expect(cancelAtPeriodEnd(cancelled, periodEnd)).toBe(cancelled);
  });

  it.each(['expired', 'past_due'] as const)('refuses to cancel a %s subscription', (status) => {
    expect(() => cancelAtPeriodEnd(withStatus(status), later)).toThrow(expect.objectContaining(refusal(status)));
  });

  it('turns automatic renewal off and on again (resume) while active', () => {
    const off = setAutoRenew(active, false, later);
    expect(off).toMatchObject({ autoRenew: false, status: 'active', updatedAt: later });
    expect(setAutoRenew(off, true, later).autoRenew).toBe(true);
  });

  it.each(['cancelled', 'expired', 'past_due'] as const)(
    'answers subscription_ended to a renewal change of a %s subscription',
    (status) => {
      expect(() => setAutoRenew(withStatus(status), true, later)).toThrow(
        expect.objectContaining({ status: 409, code: 'subscription_ended' }),
      );
    },
  );
});

describe('ending a subscription from outside', () => {
  it.each(['active', 'past_due'] as const)('a closed account ends a %s subscription now', (status) => {
    expect(endForClosedAccount(withStatus(status), later)).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      cancelledAt: later,
      updatedAt: later,
    });
  });

  it.each(['cancelled', 'expired'] as const)('a closed account has nothing to end in a %s subscription', (status) => {
    expect(() => endForClosedAccount(withStatus(status), later)).toThrow(expect.objectContaining(refusal(status)));
  });

  it('a refund or chargeback ends access now, keeping the first cancellation time', () => {
    const mid = new Date('2030-02-10T00:00:00Z');
    expect(revokeAccess(active, mid)).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      cancelledAt: mid,
      currentPeriodEnd: mid,
    });
    const cancelled = cancelAtPeriodEnd(active, paidAt);
    expect(revokeAccess(cancelled, mid)).toMatchObject({ cancelledAt: paidAt, currentPeriodEnd: mid });
    expect(revokeAccess(withStatus('expired'), later)).toMatchObject({
      status: 'cancelled',
      currentPeriodEnd: periodEnd,
    });
  });
});

describe('whether a subscription is live', () => {
  it.each([
    ['active', true],
    ['cancelled', true],
    ['past_due', false],
    ['expired', false],
  ] as const)('a %s one in its paid period: %s', (status, live) => {
    expect(isLive(withStatus(status), paidAt)).toBe(live);
  });

  it('no subscription is live once its period ended', () => {
    expect(isLive(active, periodEnd)).toBe(false);
    expect(isLive(withStatus('cancelled'), later)).toBe(false);
  });
});
