import { cutoffOf, isPeriod } from './calendar.js';

/** pending: closed, not handed over yet; submitted: the provider took it; paid: settled; failed: returned to the current balance. */
export type PayoutStatus = 'pending' | 'submitted' | 'paid' | 'failed';
export type PayoutMethodKind = 'bank' | 'crypto';

export type PayoutErrorCode =
  | 'payout_bad_period'
  | 'payout_bad_amount'
  | 'payout_line_elsewhere'
  | 'payout_line_twice'
  | 'payout_line_on_hold'
  | 'payout_not_positive'
  | 'payout_no_method'
  | 'payout_total_mismatch'
  | 'payout_transition';

/** A payout rule broken: the code says which. */
export class PayoutError extends Error {
  constructor(
    readonly code: PayoutErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PayoutError';
  }
}

/**
 * One amount a payout pays, as the month-end close found it on the payee's accounts: the current
 * balance carried in (negative after a chargeback that came after a payout), or the pending
 * earnings released by the close, through the day of its latest bucket.
 */
export interface PayoutLine {
  /** The payee's pending-earnings account the line comes from: a line belongs to that payee's payout only. */
  accountId: string;
  source: 'current' | 'released';
  /** Released lines: the latest release day they cover; null for the current balance. */
  releaseOn: string | null;
  amountMinor: number;
}

/** What the provider answered for one payout. */
export type DispatchOutcome =
  | { status: 'paid'; reference: string }
  | { status: 'failed'; reason: string }
  | { status: 'submitted'; reference: string };

export interface PayoutSnapshot {
  id: string;
  runId: string;
  batchNo: number;
  payeeId: string;
  /** The payee's pending-earnings account in the payout's currency. */
  accountId: string;
  period: string;
  currency: string;
  amountMinor: number;
  method: PayoutMethodKind;
  destination: string;
  status: PayoutStatus;
  providerRef: string | null;
  failureReason: string | null;
  createdAt: Date;
  submittedAt: Date | null;
  paidAt: Date | null;
}

export interface NewPayout {
  id: string;
  runId: string;
  batchNo: number;
  payeeId: string;
  accountId: string;
  period: string;
  currency: string;
  /** Null when the payee has no payout method: nothing can be paid then. */
  method: { kind: PayoutMethodKind; destination: string } | null;
  lines: readonly PayoutLine[];
  createdAt: Date;
}

const NEXT: Record<PayoutStatus, readonly PayoutStatus[]> = {
  pending: ['submitted', 'paid', 'failed'],
  submitted: ['paid', 'failed'],
  paid: [],
  failed: [],
};

/** A close schedules thousands of payouts of one period: its cutoff is worked out once. */
const cutoffs = new Map<string, string>();
const cutoffOfPeriod = (period: string): string =>
  cutoffs.get(period) ?? cutoffs.set(period, cutoffOf(period)).get(period)!;

function checkLines(payout: Pick<NewPayout, 'accountId' | 'period' | 'lines'>): number {
  const cutoff = cutoffOfPeriod(payout.period);
  const seen = new Set<string>();
  let total = 0;
  for (const line of payout.lines) {
    if (!Number.isSafeInteger(line.amountMinor)) {
      throw new PayoutError(
        'payout_bad_amount',
        `a payout line is a whole number of minor units, got ${line.amountMinor}`,
      );
    }
    if (line.accountId !== payout.accountId)
      throw new PayoutError('payout_line_elsewhere', `a line of account ${line.accountId} belongs to another payout`);
    const key = `${line.source}:${line.releaseOn ?? ''}`;
    if (seen.has(key))
      throw new PayoutError('payout_line_twice', `the ${line.source} line ${line.releaseOn ?? ''} is counted twice`);
    seen.add(key);
    if (line.source === 'released' && (line.releaseOn === null || line.releaseOn > cutoff)) {
      throw new PayoutError(
        'payout_line_on_hold',
        `earnings released on ${line.releaseOn} are still held at the ${payout.period} close (cutoff ${cutoff})`,
      );
    }
    total += line.amountMinor;
  }
  return total;
}

/**
 * A payee's payout of one month-end close, in one currency. It is created from its lines (the
 * amount is their sum, and only a positive sum to a payee with a method is paid), then goes through
 * the provider once: pending → submitted → paid or failed, never back.
 */
export class Payout {
  private constructor(
    private state: PayoutSnapshot,
    private stored: PayoutStatus | null,
  ) {}

  /** The close's payout for these lines; throws when the rules forbid paying them. */
  static schedule(input: NewPayout): Payout {
    if (!isPeriod(input.period))
      throw new PayoutError('payout_bad_period', `period must be YYYY-MM, got ${input.period}`);
    const total = checkLines(input);
    if (total <= 0)
      throw new PayoutError('payout_not_positive', `a payout is of a positive balance, these lines add up to ${total}`);
    if (!input.method) throw new PayoutError('payout_no_method', `payee ${input.payeeId} has no payout method`);
    const state: PayoutSnapshot = {
      id: input.id,
      runId: input.runId,
      batchNo: input.batchNo,
      payeeId: input.payeeId,
      accountId: input.accountId,
      period: input.period,
      currency: input.currency,
      amountMinor: total,
      method: input.method.kind,
      destination: input.method.destination,
      status: 'pending',
      providerRef: null,
      failureReason: null,
      createdAt: input.createdAt,
      submittedAt: null,
      paidAt: null,
    };
    return new Payout(state, null);
  }

  /** Whether the close pays anything for these lines: a positive sum to a payee with a method. */
  static isDue(input: Pick<NewPayout, 'accountId' | 'period' | 'lines' | 'method'>): boolean {
    return input.method !== null && checkLines(input) > 0;
  }

  /** A stored payout, as its repository read it. */
  static restore(snapshot: PayoutSnapshot): Payout {
    return new Payout({ ...snapshot }, snapshot.status);
  }

  get id(): string {
    return this.state.id;
  }

  get status(): PayoutStatus {
    return this.state.status;
  }

  get amountMinor(): number {
    return this.state.amountMinor;
  }

  /** Still to hand to the provider. */
  get isPending(): boolean {
    return this.state.status === 'pending';
  }

  /** The status it is stored with (null: never stored): a save applies only while the row still has it. */
  get storedStatus(): PayoutStatus | null {
    return this.stored;
  }

  /** Called by the repository once the row holds this state. */
  markStored(): void {
    this.stored = this.state.status;
  }

  snapshot(): PayoutSnapshot {
    return { ...this.state };
  }

  /** Books the provider's answer; a payout already settled or returned cannot change again. */
  apply(outcome: DispatchOutcome, at: Date): void {
    this.moveTo(outcome.status);
    this.state.submittedAt = this.state.submittedAt ?? at;
    if (outcome.status === 'failed') this.state.failureReason = outcome.reason;
    else this.state.providerRef = outcome.reference;
    if (outcome.status === 'paid') this.state.paidAt = at;
  }

  private moveTo(next: PayoutStatus): void {
    if (!NEXT[this.state.status].includes(next)) {
      throw new PayoutError(
        'payout_transition',
        `payout ${this.state.id} is ${this.state.status}: it cannot become ${next}`,
      );
    }
    this.state.status = next;
  }
}
