import type { DefaultJobOptions } from 'bullmq';

/**
 * Every queue, its jobs and their payloads. Producers and consumers both type against this.
 * The recurring ones are ticked by the worker's RecurringJobs (recurring-jobs.ts).
 */
export interface JobCatalogue {
  notifications: {
    'send-email': SendEmailJob;
    /** Identity's recover / resend: look the address up, mint the link, queue its mail; off the request path (no enumeration by timing). */
    'send-email-link': EmailLinkJob;
    // commerce -> commerce, after the commit that changed the purchase: the fan's receipt, the creator's email and dashboard entry.
    /** A purchase became paid (a first payment or a subscription renewal). */
    'purchase-paid': PurchaseNotificationJob;
    /** A paid purchase was charged back. */
    'purchase-disputed': PurchaseNotificationJob;
    /** After the commit that recorded a purchase's news: the fan and the creator hear it live (at least once; clients drop a repeated eventId). */
    'purchase-paid-notice': PurchaseNotificationJob;
    // content-moderation -> its live notices (realtime), after the commit that decided or opened.
    /** Every quarter hour: messaging queues one message-digest per user with unread messages due for the email digest. */
    'message-digests': Record<string, never>;
    /** One user's unread-messages digest: re-read, sent at most once per message (messaging's high-water marks). */
    'message-digest': { userId: string };
    /** A moderator approved or rejected an item: its creator hears it on their user channel. */
    'content-decided': { contentId: string };
    /** A report, takedown request or appeal was opened: moderators hear it on staff:moderation. */
    'case-opened': { caseId: string };
    /** The deadline watch warned of a case due soon or escalated an overdue one: moderators hear it on staff:moderation. */
    'case-deadline': { caseId: string; stage: 'due_soon' | 'overdue' };
    // messaging -> messaging, after the commit that queued it: one copy of a mass message in each fan's conversation.
    /** Deliver a mass message page by page from its checkpoint (idempotent: a retry resumes, never repeats). */
    'mass-message-fan-out': { massMessageId: string };
  };
  maintenance: {
    'purge-expired': Record<string, never>;
  };
  media: {
    /** Probe, thumbnail and strip metadata of one uploaded file (idempotent). */
    'process-media': { mediaId: string };
  };
  moderation: {
    /** Every minute: warn moderators a quarter before a case deadline, escalate and record breaches after. */
    'check-deadlines': Record<string, never>;
    /** Daily: last month's compliance report (due by the 5th) and last quarter's internal audit, once each. */
    'compliance-reports': Record<string, never>;
    /** Daily: every monthly-partitioned table's months for the year ahead (audit log, purchases, ledger…); on this queue, not a pool of its own. */
    'keep-partitions': Record<string, never>;
    /** Daily: erased creators' ID records whose legal retention ended are deleted, rows and image files. */
    'purge-retained-records': Record<string, never>;
    // content-moderation -> commerce's sellable items. On this queue, not one of their own: every
    // queue costs each worker a PostgreSQL pool. One job per consumer (a job has one handler).
    /** A moderator approved an item: it may be sold from now on. */
    'content-approved': ContentSaleEvent;
    /** An item was taken down: it may no longer be sold (what was bought stays its buyers'). */
    'content-removed': ContentSaleEvent;
    /** A removed item was put back (an upheld appeal): it may be sold again. */
    'content-restored': ContentSaleEvent;
    // content-moderation -> messaging: releases or withholds the media sent in messages.
    /** A review decision changed an item's status (every decision of an item made for messages; store items as they start or stop being public). */
    'content-review-changed': ContentReviewChange;
    // content-moderation -> posts: a post shows once every item it carries is approved.
    /** A review decision changed an item made for posts. */
    'post-media-reviewed': ContentReviewChange & { creatorId: string };
  };
  payments: {
    /** Every minute: expire checkouts abandoned past their lifetime, after asking the provider about each. */
    'expire-checkouts': Record<string, never>;
    /** Charge subscriptions whose period ended and that still renew automatically. */
    'renew-subscriptions': Record<string, never>;
    /** Send a captured payment back to the fan at the provider (a second payment for an item they hold); idempotent by purchase. */
    'return-payment': { purchaseId: string };
    // commerce -> messaging, after the commit that changed a purchase naming a conversation.
    /** A message unlock, price per message or tip in a conversation was paid, refunded or charged back: messaging reads it and follows (idempotent). */
    'message-purchase-changed': { purchaseId: string };
    // identity -> commerce, after the commit that erased the account.
    /** An account was deleted: its subscriptions end, its store closes (idempotent). */
    'account-deleted': AccountDeletedJob;
  };
  payouts: {
    /** Book a captured payment into the ledger (split, hold, release date); idempotent by saleId. */
    'post-sale': PostSaleJob;
    /** Book a refund or chargeback of a booked sale; idempotent by eventId. */
    'post-reversal': PostReversalJob;
    /** Restore a charged-back sale whose dispute the merchant won (the payees' shares come back); idempotent by saleId. */
    'post-dispute-won': PostDisputeWonJob;
    /** Daily: on the last calendar day of a month (or to catch up a missed one) run the month-end close. */
    'month-end': Record<string, never>;
    /** Hand one closed batch's payouts to the payout provider. */
    'dispatch-payouts': { runId: string; batchNo: number };
  };
}

/**
 * content-moderation -> commerce: what an item is sold as, after the change the job is named for.
 * Every event carries all of it (an approved item's price cannot change today: it is edited only
 * as a draft or after a rejection), so the latest event alone says what is for sale.
 */
export interface ContentSaleEvent {
  contentId: string;
  /** The item's revision: +1 on every announced change, so an older event arriving late is ignored. */
  version: number;
  creatorId: string;
  kind: 'video' | 'album';
  title: string;
  priceMinor: number;
  currency: string;
  occurredAt: string;
}

/** content-moderation -> messaging: where an item's review stands after a decision. */
export interface ContentReviewChange {
  contentId: string;
  /** The item's revision, as in ContentSaleEvent: an older change arriving late is ignored. */
  version: number;
  status: 'pending_review' | 'approved' | 'rejected' | 'removed';
  occurredAt: string;
}

/** commerce -> payouts: a payment the provider captured. Amounts in minor units of `currency`. */
export interface PostSaleJob {
  /** Unique per captured payment (a subscription renewal is a new sale). */
  saleId: string;
  creatorId: string;
  /** The fan whose referral link led to the sale (albums only), or null. */
  referrerId: string | null;
  grossMinor: number;
  currency: string;
  /** Which revenue split applies: card payments are 'fiat', crypto (platform token) payments 'token'. */
  rail: 'fiat' | 'token';
  kind: 'content' | 'subscription' | 'tip' | 'message' | 'message_fee' | 'post';
  description: string;
  occurredAt: string;
}

/** commerce -> payouts: the provider refunded or charged back a captured payment (always in full). */
export interface PostReversalJob {
  saleId: string;
  kind: 'refund' | 'chargeback';
  /** The provider's event id: the idempotency key of the reversal. */
  eventId: string;
  occurredAt: string;
}

/** commerce -> payouts: the merchant won the dispute of a charged-back payment; the money is ours again. */
export interface PostDisputeWonJob {
  saleId: string;
  /** Names the event in the restoring entry's description. */
  eventId: string;
  occurredAt: string;
}

export interface AccountDeletedJob {
  userId: string;
  occurredAt: string;
}

/** Names the purchase only: the consumer re-reads it, so the message says nothing that may have changed. */
export interface PurchaseNotificationJob {
  purchaseId: string;
}

export interface EmailLinkJob {
  kind: 'signup' | 'recovery';
  /** Normalised address; the job answers nothing, so an unknown one is simply skipped. */
  email: string;
  redirectTo: string | null;
  codeChallenge: { challenge: string; method: 's256' | 'plain' } | null;
}

/** A template variable: text, or a list of rows for a template's {{#each}} (a digest's conversations). */
export type EmailVariable = string | Record<string, string>[];

export interface SendEmailJob {
  to: string;
  template: string;
  variables: Record<string, EmailVariable>;
  /** Bulk mail only (a digest): the signed https URL that unsubscribes its recipient in one click (List-Unsubscribe, RFC 8058). */
  unsubscribeUrl?: string;
}

export type QueueName = keyof JobCatalogue;
export type JobName<Q extends QueueName> = keyof JobCatalogue[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobCatalogue[Q][N];
/** What a consumer receives: the payload, the outbox row's id, and the id of the request that caused the job. */
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobPayload<Q, N> & {
  messageId?: string;
  requestId?: string;
};

export const QUEUE_NAMES: QueueName[] = ['notifications', 'maintenance', 'moderation', 'media', 'payments', 'payouts'];

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
