import { describe, expect, it } from '@jest/globals';
import type { PaymentFact } from '../payments/payment-provider.js';
import {
  DUPLICATE_RETURNED,
  PURCHASE_STATUSES,
  PURCHASE_TRANSITIONS,
  applyPaymentFact,
  expireAbandoned,
  needsHoldings,
  openCheckout,
  type PurchaseDecision,
  type PurchasePayment,
  type PurchaseStatus,
} from './purchase.js';

const at = new Date('2030-01-02T03:04:05Z');
const pending: PurchasePayment = {
  id: 'p1',
  status: 'pending',
  amountMinor: 999,
  currency: 'EUR',
  method: 'card',
  checkoutId: null,
  checkoutUrl: null,
  checkoutExpiresAt: null,
  crypto: null,
  providerPaymentId: null,
  savedMethodRef: null,
  card: null,
  failureReason: null,
  disputeStage: null,
  paidAt: null,
  reversedAt: null,
};
const hosted = { kind: 'hosted' as const, checkoutId: 'cs_1', url: 'https://pay.example/cs_1', expiresAt: at };
const awaiting = (openCheckout(pending, hosted) as { purchase: PurchasePayment }).purchase;
const fact = (type: PaymentFact['type'], extra: Partial<PaymentFact> = {}): PaymentFact => ({
  type,
  reference: 'p1',
  checkoutId: 'cs_1',
  providerPaymentId: 'pay_1',
  amountMinor: 999,
  currency: 'EUR',
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  savedMethodRef: null,
  failureReason: type === 'declined' ? 'Your card was declined.' : null,
  final: false,
  disputeStage: type === 'disputed' ? 'needs_response' : null,
  occurredAt: at,
  ...extra,
});
const after = (purchase: PurchasePayment, ...facts: PaymentFact[]) =>
  facts.reduce<PurchaseDecision>(
    (decision, next) => {
      const current = decision.changed ? decision.purchase : purchase;
      const applied = applyPaymentFact(current, next);
      return applied.changed ? applied : { changed: true, purchase: current, effects: [] };
    },
    { changed: true, purchase, effects: [] },
  );
const statusAfter = (purchase: PurchasePayment, ...facts: PaymentFact[]) =>
  (after(purchase, ...facts) as { purchase: PurchasePayment }).purchase.status;
const refusal = (decision: PurchaseDecision) => (decision.changed ? null : decision.refusal.code);

describe('the purchase state machine', () => {
  it('allows exactly the transitions of its table, and refuses the others without changing anything', () => {
    const reachable: Record<PurchaseStatus, PurchaseStatus[]> = {
      pending: ['requires_action', 'paid', 'failed', 'expired'],
      requires_action: ['paid', 'failed', 'expired'],
      paid: ['refunded', 'charged_back'],
      failed: ['paid'],
      expired: ['paid'],
      refunded: [],
      charged_back: ['paid'],
    };
    expect(PURCHASE_TRANSITIONS).toEqual(reachable);
    for (const from of PURCHASE_STATUSES) {
      const purchase = { ...awaiting, status: from };
      expect({ from, expire: refusal(expireAbandoned(purchase)) }).toEqual({
        from,
        expire: reachable[from].includes('expired') ? null : from === 'expired' ? 'no_change' : 'not_allowed',
      });
      const failed = applyPaymentFact(purchase, fact('declined', { final: true }));
      expect({ from, fail: refusal(failed) }).toEqual({
        from,
        fail: reachable[from].includes('failed') ? null : from === 'failed' ? 'no_change' : 'not_allowed',
      });
    }
  });

  it('opens a hosted checkout as requires_action, a crypto invoice as pending, and only once', () => {
    expect(awaiting).toMatchObject({ status: 'requires_action', checkoutId: 'cs_1', checkoutUrl: hosted.url });
    expect(refusal(openCheckout(awaiting, hosted))).toBe('no_change');
    expect(refusal(openCheckout({ ...awaiting, status: 'paid' }, { ...hosted, checkoutId: 'cs_2' }))).toBe(
      'not_allowed',
    );
    const crypto = openCheckout(
      { ...pending, method: 'crypto' },
      { kind: 'crypto', checkoutId: 'ci_1', crypto: { network: 'solana', address: 'addr', amountToken: '1079' } },
    );
    expect(crypto).toMatchObject({
      changed: true,
      purchase: { status: 'pending', checkoutId: 'ci_1', crypto: { amountToken: '1079' } },
    });
  });

  it('keeps the hosted page open after a declined attempt, and fails a merchant-initiated decline', () => {
    const declined = applyPaymentFact(awaiting, fact('declined'));
    expect(declined).toMatchObject({
      changed: true,
      effects: [],
      purchase: { status: 'requires_action', failureReason: 'Your card was declined.' },
    });
    expect(after(awaiting, fact('declined'), fact('captured', { providerPaymentId: 'pay_2' }))).toMatchObject({
      purchase: { status: 'paid', failureReason: null, providerPaymentId: 'pay_2' },
    });
    expect(
      applyPaymentFact({ ...pending, providerPaymentId: null }, fact('declined', { checkoutId: null, final: true })),
    ).toMatchObject({ effects: ['declined'], purchase: { status: 'failed' } });
  });

  it('books a capture once, with its card, whatever the number of deliveries', () => {
    const paid = applyPaymentFact(awaiting, fact('captured', { savedMethodRef: 'pm_1' }));
    expect(paid).toMatchObject({
      changed: true,
      effects: ['sale'],
      purchase: { status: 'paid', paidAt: at, card: { last4: '4242' }, savedMethodRef: 'pm_1', checkoutUrl: null },
    });
    expect(refusal(applyPaymentFact((paid as { purchase: PurchasePayment }).purchase, fact('captured')))).toBe(
      'no_change',
    );
  });

  it('decides events that arrive out of order', () => {
    // A capture after the checkout expired, or after a final decline, is money taken: paid.
    expect(statusAfter(awaiting, fact('checkout_expired', { providerPaymentId: null }), fact('captured'))).toBe('paid');
    expect(statusAfter(awaiting, fact('declined', { final: true }), fact('captured'))).toBe('paid');
    // Late news of a failure or expiry changes nothing on a paid purchase.
    expect(statusAfter(awaiting, fact('captured'), fact('declined', { final: true }), fact('checkout_expired'))).toBe(
      'paid',
    );
    // A refund before its capture: the sale and the refund are both booked, and the late capture is a no-op.
    const refundedFirst = applyPaymentFact(awaiting, fact('refunded'));
    expect(refundedFirst).toMatchObject({
      changed: true,
      effects: ['sale', 'refund'],
      purchase: { status: 'refunded', paidAt: at, reversedAt: at },
    });
    expect(refusal(applyPaymentFact((refundedFirst as { purchase: PurchasePayment }).purchase, fact('captured')))).toBe(
      'no_change',
    );
    // A dispute won before it was seen opened moved no money: the sale stays paid, and its opening arrives too late to reverse it.
    expect(
      after(
        awaiting,
        fact('captured'),
        fact('disputed', { disputeStage: 'won' }),
        fact('disputed', { disputeStage: 'needs_response' }),
      ),
    ).toMatchObject({
      purchase: { status: 'paid', disputeStage: 'won' },
    });
  });

  it('gives a charged-back purchase its payment back when the dispute is won, once, restoring the reversal in the ledger', () => {
    const chargedBack = (after(awaiting, fact('captured'), fact('disputed')) as { purchase: PurchasePayment }).purchase;
    expect(chargedBack).toMatchObject({ status: 'charged_back', disputeStage: 'needs_response', reversedAt: at });
    const won = applyPaymentFact(chargedBack, fact('disputed', { disputeStage: 'won' }));
    expect(won).toMatchObject({
      changed: true,
      effects: ['dispute_won'],
      purchase: { status: 'paid', disputeStage: 'won', reversedAt: null },
    });
    const paidAgain = (won as { purchase: PurchasePayment }).purchase;
    const late = [
      fact('disputed', { disputeStage: 'won' }),
      fact('disputed', { disputeStage: 'lost' }),
      fact('disputed'),
      fact('captured'),
    ];
    for (const event of late) expect(refusal(applyPaymentFact(paidAgain, event))).toBe('no_change');
    // The fan bought the item again meanwhile: the money is restored, the hold stays the other purchase's.
    expect(needsHoldings({ ...chargedBack, kind: 'content' }, fact('disputed', { disputeStage: 'won' }))).toBe(true);
    expect(
      applyPaymentFact(chargedBack, fact('disputed', { disputeStage: 'won' }), { itemHeldElsewhere: true }),
    ).toMatchObject({
      effects: ['dispute_won'],
      purchase: { status: 'charged_back', disputeStage: 'won' },
    });
    // A lost dispute changes nothing more.
    expect(applyPaymentFact(chargedBack, fact('disputed', { disputeStage: 'lost' }))).toMatchObject({
      effects: [],
      purchase: { status: 'charged_back', disputeStage: 'lost' },
    });
  });

  it('books and sends back a late capture of an item (or a subscription) its buyer holds through another purchase, saying why', () => {
    const held = { itemHeldElsewhere: true };
    const expired = (
      applyPaymentFact(awaiting, fact('checkout_expired', { providerPaymentId: null })) as { purchase: PurchasePayment }
    ).purchase;
    const failed = (applyPaymentFact(awaiting, fact('declined', { final: true })) as { purchase: PurchasePayment })
      .purchase;
    for (const given of [expired, failed]) {
      expect(needsHoldings({ ...given, kind: 'content' }, fact('captured'))).toBe(true);
      expect(needsHoldings({ ...given, kind: 'subscription' }, fact('captured'))).toBe(true);
      expect(applyPaymentFact(given, fact('captured'), held)).toMatchObject({
        changed: true,
        effects: ['sale', 'refund', 'return_payment'],
        purchase: {
          status: 'refunded',
          providerPaymentId: 'pay_1',
          paidAt: at,
          reversedAt: at,
          failureReason: DUPLICATE_RETURNED,
        },
      });
      // Not held elsewhere: the late capture is the purchase's payment.
      expect(applyPaymentFact(given, fact('captured'))).toMatchObject({
        effects: ['sale'],
        purchase: { status: 'paid' },
      });
    }
    // An open purchase's capture is its own, whatever else the buyer holds; tips are never asked.
    expect(needsHoldings({ ...awaiting, kind: 'content' }, fact('captured'))).toBe(false);
    expect(needsHoldings({ ...expired, kind: 'tip' }, fact('captured'))).toBe(false);
    expect(applyPaymentFact(awaiting, fact('captured'), held)).toMatchObject({
      effects: ['sale'],
      purchase: { status: 'paid' },
    });
    // Its own refund webhook afterwards changes nothing.
    const returned = (applyPaymentFact(expired, fact('captured'), held) as { purchase: PurchasePayment }).purchase;
    expect(refusal(applyPaymentFact(returned, fact('refunded')))).toBe('no_change');
    expect(refusal(applyPaymentFact(returned, fact('captured'), held))).toBe('no_change');
  });

  it('charges back on the first dispute event and then only follows its stage', () => {
    const paid = (applyPaymentFact(awaiting, fact('captured')) as { purchase: PurchasePayment }).purchase;
    const opened = applyPaymentFact(paid, fact('disputed'));
    expect(opened).toMatchObject({
      effects: ['chargeback'],
      purchase: { status: 'charged_back', disputeStage: 'needs_response' },
    });
    const reviewed = applyPaymentFact(
      (opened as { purchase: PurchasePayment }).purchase,
      fact('disputed', { disputeStage: 'under_review' }),
    );
    expect(reviewed).toMatchObject({ effects: [], purchase: { status: 'charged_back', disputeStage: 'under_review' } });
    expect(refusal(applyPaymentFact({ ...paid, status: 'refunded' }, fact('disputed')))).toBe('not_allowed');
  });

  it("refuses a fact whose amount, currency, reference or payment is not the purchase's", () => {
    const paid = (applyPaymentFact(awaiting, fact('captured')) as { purchase: PurchasePayment }).purchase;
    expect(applyPaymentFact(awaiting, fact('captured', { amountMinor: 1 }))).toEqual({
      changed: false,
      refusal: { code: 'mismatch', reason: 'amount differs' },
    });
    expect(applyPaymentFact(awaiting, fact('captured', { currency: 'USD' }))).toMatchObject({
      refusal: { reason: 'currency differs' },
    });
    expect(applyPaymentFact(awaiting, fact('captured', { reference: 'p2' }))).toMatchObject({
      refusal: { reason: 'reference differs' },
    });
    expect(applyPaymentFact(awaiting, fact('captured', { checkoutId: 'cs_other' }))).toMatchObject({
      refusal: { reason: 'checkout id differs' },
    });
    expect(applyPaymentFact(paid, fact('refunded', { providerPaymentId: 'pay_other' }))).toMatchObject({
      refusal: { reason: 'payment id differs' },
    });
    expect(
      applyPaymentFact(paid, fact('disputed', { checkoutId: null, providerPaymentId: 'pay_other' })),
    ).toMatchObject({ refusal: { reason: 'payment id differs' } });
  });
});
