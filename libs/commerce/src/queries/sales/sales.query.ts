import type { DisputeStage } from '../../payments/payment-provider.js';
import { Query } from '@nestjs/cqrs';

export interface SalesRange {
  /** UTC dates, inclusive. */
  from: string;
  to: string;
}

export interface SaleItemView {
  id: string;
  kind: 'content' | 'subscription' | 'tip' | 'message' | 'message_fee' | 'post';
  title: string;
  buyer: string;
  grossMinor: number;
  /** The creator's share after the platform's split, null until payouts has booked the sale. */
  netMinor: number | null;
  currency: string;
  method: 'card' | 'crypto';
  status: 'paid' | 'refunded' | 'charged_back';
  /** A charged-back sale's dispute: needs_response, under_review, won or lost. */
  disputeStage: DisputeStage | null;
  /** The fan's message with a tip. */
  message: string | null;
  createdAt: string;
}

export interface SalesView {
  currency: string;
  totals: { grossMinor: number; netMinor: number; count: number; refundedMinor: number };
  daily: { date: string; grossMinor: number; count: number }[];
  byKind: { kind: string; grossMinor: number; count: number }[];
  items: SaleItemView[];
}

/** A creator's captured sales in a date range (totals in the store's currency). */
export class SalesQuery extends Query<SalesView> {
  constructor(
    readonly creatorId: string,
    readonly range: SalesRange,
  ) {
    super();
  }
}

export class ExportSalesQuery extends Query<string> {
  constructor(
    readonly creatorId: string,
    readonly range: SalesRange,
  ) {
    super();
  }
}
