import { addCalendarMonth } from './money.js';
import type { PaymentMethod } from '../payments/payment-provider.js';
import { SubscriptionErrors } from './subscription.errors.js';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Statuses that open the store while the paid period runs. A cancelled subscription keeps its access
 * to the end of the period it paid for; a past-due one (its renewal could not be charged) has none
 * until the fan pays again: there is no grace period.
 */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'cancelled'];
/** Statuses that still renew or wait for a renewal's payment: what an account's deletion ends. */
export const RENEWING_STATUSES: readonly SubscriptionStatus[] = ['active', 'past_due'];

/** A fan's subscription to one store (one per fan and store), paid a calendar month at a time. */
export interface Subscription {
  id: string;
  subscriberId: string;
  storeId: string;
  creatorId: string;
  status: SubscriptionStatus;
  autoRenew: boolean;
  priceMinor: number;
  currency: string;
  method: PaymentMethod;
  paymentMethodRef: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  startedAt: Date;
  cancelledAt: Date | null;
  updatedAt: Date;
}

/** What a paid first charge subscribes to: the store, its price then, and how the fan paid. */
export interface SubscriptionTerms {
  subscriberId: string;
  storeId: string;
  creatorId: string;
  priceMinor: number;
  currency: string;
  method: PaymentMethod;
  paymentMethodRef: string;
}

/** Why a subscription that renewed no more ended with its period. */
export type ExpiryReason = 'not_renewing' | 'account_deleted';

const sameTime = (a: Date, b: Date): boolean => a.getTime() === b.getTime();

function refuse(subscription: Subscription, action: string): never {
  throw SubscriptionErrors.transitionNotAllowed(subscription.status, action);
}

// ---- predicates ----

/** The subscription opens its store at `at`: in a paid period, active or cancelled to the period's end. */
export const isLive = (subscription: Subscription, at: Date): boolean =>
  LIVE_STATUSES.includes(subscription.status) && subscription.currentPeriodEnd.getTime() > at.getTime();

/** Its period ended at `at` and it renews automatically: the renewal job charges it. */
export const isDueForRenewal = (subscription: Subscription, at: Date): boolean =>
  subscription.status === 'active' && subscription.autoRenew && subscription.currentPeriodEnd.getTime() <= at.getTime();

/** Its period ended and it will not renew (automatic renewal off, or the store no longer sells subscriptions). */
export const endsWithItsPeriod = (subscription: Subscription, at: Date, storeSells: boolean): boolean =>
  subscription.status === 'active' &&
  subscription.currentPeriodEnd.getTime() <= at.getTime() &&
  (!subscription.autoRenew || !storeSells);

// ---- transitions (each returns a new value; an illegal one throws a domain error) ----

/**
 * A paid first charge: starts the fan's subscription to the store for a calendar month from the
 * payment, or starts again the one the fan had there (whatever its status), under the new terms.
 */
export function activate(
  existing: Subscription | null,
  id: string,
  terms: SubscriptionTerms,
  paidAt: Date,
): Subscription {
  if (existing && (existing.subscriberId !== terms.subscriberId || existing.storeId !== terms.storeId))
    refuse(existing, 'activate for another fan or store');
  return {
    ...terms,
    id: existing?.id ?? id,
    status: 'active',
    autoRenew: true,
    currentPeriodStart: paidAt,
    currentPeriodEnd: addCalendarMonth(paidAt),
    startedAt: paidAt,
    cancelledAt: null,
    updatedAt: paidAt,
  };
}

/**
 * A paid renewal for the period starting at `periodStart` extends the subscription by a calendar
 * month from there (and makes a past-due or ended one active again). A payment for another period
 * (the subscription moved on, or access was revoked) changes nothing.
 */
export function renew(subscription: Subscription, periodStart: Date, paidAt: Date): Subscription {
  if (!sameTime(subscription.currentPeriodEnd, periodStart)) return subscription;
  return {
    ...subscription,
    status: 'active',
    currentPeriodStart: periodStart,
    currentPeriodEnd: addCalendarMonth(periodStart),
    updatedAt: paidAt,
  };
}

/** The renewal for the period starting at `periodStart` could not be charged: no access until the fan pays again. */
export function failRenewal(subscription: Subscription, periodStart: Date, at: Date): Subscription {
  if (subscription.status !== 'active' || !sameTime(subscription.currentPeriodEnd, periodStart)) return subscription;
  return { ...subscription, status: 'past_due', updatedAt: at };
}

/** The fan cancels: access stays until the period ends, nothing renews. Cancelling twice changes nothing. */
export function cancelAtPeriodEnd(subscription: Subscription, at: Date): Subscription {
  if (subscription.status === 'cancelled') return subscription;
  if (subscription.status !== 'active') refuse(subscription, 'cancel');
  return { ...subscription, status: 'cancelled', autoRenew: false, cancelledAt: at, updatedAt: at };
}

/** The fan turns automatic renewal on (resume) or off; only an active subscription renews. */
export function setAutoRenew(subscription: Subscription, autoRenew: boolean, at: Date): Subscription {
  if (subscription.status !== 'active') throw SubscriptionErrors.ended();
  return { ...subscription, autoRenew, updatedAt: at };
}

/** The fan's or the creator's account was deleted: a renewing (or past-due) subscription ends now. */
export function endForClosedAccount(subscription: Subscription, at: Date): Subscription {
  if (!RENEWING_STATUSES.includes(subscription.status)) refuse(subscription, 'end for a closed account');
  return { ...subscription, status: 'cancelled', autoRenew: false, cancelledAt: at, updatedAt: at };
}

/** An active subscription whose period ended and that does not renew ends; a deleted account's renews no more. */
export function expire(subscription: Subscription, reason: ExpiryReason, at: Date): Subscription {
  if (subscription.status !== 'active') refuse(subscription, 'expire');
  return {
    ...subscription,
    status: 'expired',
    autoRenew: reason === 'account_deleted' ? false : subscription.autoRenew,
    updatedAt: at,
  };
}

/** A payment of the subscription was refunded or charged back: access ends now (whatever the status) and nothing renews. */
export function revokeAccess(subscription: Subscription, at: Date): Subscription {
  const end = subscription.currentPeriodEnd.getTime() < at.getTime() ? subscription.currentPeriodEnd : at;
  return {
    ...subscription,
    status: 'cancelled',
    autoRenew: false,
    cancelledAt: subscription.cancelledAt ?? at,
    currentPeriodEnd: end,
    updatedAt: at,
  };
}
