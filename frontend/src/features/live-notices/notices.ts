import { formatMoney } from '@/shared/format';

/** The events of the user's own topic and the staff topic, as the server publishes them (libs/commerce, libs/content-moderation). */
export interface PurchasePaidEvent {
  /** The same for a notice delivered again (the server sends at least once). */
  eventId?: string;
  purchaseId: string;
  kind: 'content' | 'subscription' | 'tip' | 'message' | 'message_fee' | 'post';
}
export interface CreatorActivityEvent {
  eventId?: string;
  kind: 'sale' | 'tip' | 'subscriber' | 'renewal' | 'chargeback';
  purchaseId: string;
  text: string;
  amountMinor: number;
  currency: string;
}
export interface ContentDecidedEvent {
  contentId: string;
  kind: 'video' | 'album';
  title: string;
  status: string;
  reason: string | null;
}
export interface CaseOpenedEvent {
  caseId: string;
  kind: string;
  subjectType: string;
  reason: string;
  dueAt: string;
}

/** case.deadline on staff:moderation: the deadline watch warned of a case due soon, or escalated an overdue one. */
export interface CaseDeadlineEvent {
  caseId: string;
  kind: string;
  stage: 'due_soon' | 'overdue';
  dueAt: string;
}

export interface Notice {
  color: string;
  title: string;
  message: string;
}

const RECEIPTS: Record<PurchasePaidEvent['kind'], Omit<Notice, 'color'>> = {
  content: { title: 'Payment confirmed', message: 'Your purchase is ready in your purchase history.' },
  subscription: { title: 'Payment confirmed', message: 'Your subscription is active.' },
  tip: { title: 'Tip sent', message: 'Thank you! Your tip reached the creator.' },
  message: { title: 'Message unlocked', message: 'Its media open in the conversation.' },
  message_fee: { title: 'Message delivered', message: 'Your paid message reached the creator.' },
  post: { title: 'Post unlocked', message: 'Its photos and videos are open to you now.' },
};

/** A fan's receipt, live: what they paid for is theirs. */
export function receiptNotice(event: PurchasePaidEvent): Notice {
  return { color: 'green', ...(RECEIPTS[event.kind] ?? RECEIPTS.content) };
}

const ACTIVITY_TITLES: Record<CreatorActivityEvent['kind'], string> = {
  sale: 'New sale',
  tip: 'New tip',
  subscriber: 'New subscriber',
  renewal: 'Subscription renewed',
  chargeback: 'Chargeback',
};

/** A creator's sale, tip or subscriber, with its amount: the server's own sentence under a short title. */
export function activityNotice(event: CreatorActivityEvent): Notice {
  const amount = Number.isFinite(event.amountMinor) ? formatMoney(event.amountMinor, event.currency) : null;
  return {
    color: event.kind === 'chargeback' ? 'red' : 'teal',
    title: amount
      ? `${ACTIVITY_TITLES[event.kind] ?? 'Store activity'} · ${amount}`
      : (ACTIVITY_TITLES[event.kind] ?? 'Store activity'),
    message: event.text,
  };
}

const KIND = { video: 'video', album: 'photo album' } as const;

/** A moderator's decision on one of the creator's items. */
export function decisionNotice(event: ContentDecidedEvent): Notice {
  const what = KIND[event.kind] ?? 'item';
  if (event.status === 'approved')
    return { color: 'green', title: `Your ${what} is approved`, message: `“${event.title}” is live in your store.` };
  return {
    color: 'red',
    title: `Your ${what} was not approved`,
    message: event.reason
      ? `“${event.title}”: ${event.reason}`
      : `“${event.title}” was not approved. See the item for details.`,
  };
}

const SUBJECTS: Record<string, string> = {
  content: 'an item',
  message: 'a message',
  conversation: 'a conversation',
  store: 'a store',
  user: 'an account',
};

/** Staff: a new moderation case. */
export function caseNotice(event: CaseOpenedEvent): Notice {
  const subject = SUBJECTS[event.subjectType] ?? event.subjectType;
  return {
    color: 'orange',
    title: 'New moderation case',
    message: `A report on ${subject}: ${event.reason.replace(/_/g, ' ')}.`,
  };
}

const CASE_KINDS: Record<string, string> = { report: 'A report', takedown: 'A takedown request', appeal: 'An appeal' };

export function caseDeadlineNotice(event: CaseDeadlineEvent): Notice {
  const what = CASE_KINDS[event.kind] ?? 'A case';
  const due = new Date(event.dueAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return event.stage === 'overdue'
    ? {
        color: 'red',
        title: 'Deadline missed',
        message: `${what} passed its deadline (${due}) and was escalated to the admins.`,
      }
    : { color: 'yellow', title: 'Case due soon', message: `${what} is due ${due}: a quarter of its time is left.` };
}

/**
 * Whether a notice is new to this tab: a purchase's notices are sent at least once, so a repeat
 * (the same event id on the same event) is dropped. Remembers the last few hundred.
 */
export function firstDelivery(seen: Set<string>, event: string, eventId: string | undefined): boolean {
  if (!eventId) return true;
  const key = `${event}:${eventId}`;
  if (seen.has(key)) return false;
  seen.add(key);
  if (seen.size > 500) seen.delete(seen.values().next().value as string);
  return true;
}
