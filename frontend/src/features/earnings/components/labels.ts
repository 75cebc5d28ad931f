import type {
  ActivityKind,
  DisputeStage,
  PayoutStatus,
  SaleKind,
  SaleStatus,
  TransactionKind,
} from '../services/earnings-types';

export interface BadgeStyle {
  label: string;
  color: string;
}

export const SALE_KIND_LABELS: Record<SaleKind, string> = {
  content: 'Content',
  subscription: 'Subscription',
  tip: 'Tip',
  message: 'Message',
  message_fee: 'Paid message',
  post: 'Post',
};

export const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  crypto: 'Crypto',
  bank: 'Bank transfer',
};

export const SALE_STATUS: Record<SaleStatus, BadgeStyle> = {
  paid: { label: 'Paid', color: 'teal' },
  refunded: { label: 'Refunded', color: 'gray' },
  charged_back: { label: 'Charged back', color: 'red' },
};

/** A charged-back sale's dispute with the fan's bank, as the acquirer reports it. */
export const DISPUTE_STAGE: Record<DisputeStage, string> = {
  needs_response: 'Dispute needs a response',
  under_review: 'Dispute under review',
  won: 'Dispute won',
  lost: 'Dispute lost',
};

export const TRANSACTION_KIND: Record<TransactionKind, BadgeStyle> = {
  sale: { label: 'Sale', color: 'teal' },
  referral: { label: 'Referral', color: 'grape' },
  refund: { label: 'Refund', color: 'gray' },
  chargeback: { label: 'Chargeback', color: 'red' },
  correction: { label: 'Correction', color: 'cyan' },
  release: { label: 'Release', color: 'blue' },
  payout: { label: 'Payout', color: 'blue' },
  payout_returned: { label: 'Payout returned', color: 'orange' },
};

export const PAYOUT_STATUS: Record<PayoutStatus, BadgeStyle> = {
  pending: { label: 'Pending', color: 'orange' },
  submitted: { label: 'Submitted', color: 'blue' },
  paid: { label: 'Paid', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export const ACTIVITY_KIND: Record<ActivityKind, BadgeStyle> = {
  sale: { label: 'Sale', color: 'teal' },
  tip: { label: 'Tip', color: 'grape' },
  subscriber: { label: 'New subscriber', color: 'blue' },
  renewal: { label: 'Renewal', color: 'gray' },
  chargeback: { label: 'Chargeback', color: 'red' },
};
