import type { Queryable } from '../db/database.js';
import { isExpired } from '../domain/card-validation.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { authorise, DECLINES, isDeclineCode, type CardBehaviour } from '../domain/test-cards.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { paymentObject, type PaymentMethodRow, type PaymentRow } from './rows.js';

/** A card as the sandbox network knows it once the number is gone: its token, behaviour and display details. */
export interface CardOnFile {
  token: string;
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Set when the card is a saved payment method. */
  paymentMethodId: string | null;
  /** A saved card told (through the test API) to decline its next charges. */
  declineCode?: string | null;
}

export interface ChargeRequest {
  card: CardOnFile;
  amount: number;
  currency: string;
  reference: string;
  description: string | null;
  customerId: string | null;
  sessionId: string | null;
  initiatedBy: 'customer' | 'merchant';
  /** The customer passed 3-D Secure (merchant-initiated charges are exempt and count as passed). */
  authenticated: boolean;
  /** Save the card for this customer when the charge succeeds. */
  saveCard: boolean;
}

const PAYMENT_COLUMNS = `p.*, r.id as refund_id, d.id as dispute_id`;
const PAYMENT_FROM = `payments p left join refunds r on r.payment_id = p.id left join disputes d on d.payment_id = p.id`;

export async function findPayment(db: Queryable, id: string, { lock = false } = {}): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM} where p.id = $1 ${lock ? 'for update of p' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function getPayment(db: Queryable, id: string): Promise<PaymentRow> {
  const payment = await findPayment(db, id);
  if (!payment) throw ApiError.notFound('payment', id);
  return payment;
}

/** Authorises a charge, records it (succeeded or failed) and its webhook. */
export async function charge(db: Queryable, ctx: AcquirerContext, request: ChargeRequest): Promise<PaymentRow> {
  const { card } = request;
  const forced = card.declineCode && isDeclineCode(card.declineCode) ? DECLINES[card.declineCode] : null;
  const expired = isExpired(card.expMonth, card.expYear, new Date()) ? DECLINES.expired_card : null;
  const decline = forced ?? expired ?? authorise(card.behaviour, { authenticated: request.authenticated });

  let paymentMethodId = card.paymentMethodId;
  if (!decline && request.saveCard && request.customerId && !paymentMethodId) {
    paymentMethodId = await saveCard(db, request.customerId, card);
  }
  const id = newId('pay');
  const disputeLater = !decline && card.behaviour === 'approve_then_dispute';
  const { rows } = await db.query<PaymentRow>(
    `insert into payments (id, status, initiated_by, amount, currency, reference, description, customer_id, session_id, payment_method_id,
                           card_token, brand, last4, exp_month, exp_year, failure_code, failure_message, dispute_due_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             case when $18::boolean then now() + make_interval(secs => $19::double precision / 1000) end)
     returning *`,
    [
      id,
      decline ? 'failed' : 'succeeded',
      request.initiatedBy,
      request.amount,
      request.currency,
      request.reference,
      request.description,
      request.customerId,
      request.sessionId,
      paymentMethodId,
      card.token,
      card.brand,
      card.last4,
      card.expMonth,
      card.expYear,
      decline?.code ?? null,
      decline?.message ?? null,
      disputeLater,
      ctx.config.disputeDelayMs,
    ],
  );
  const payment = rows[0];
  await emitEvent(db, ctx, decline ? 'payment.failed' : 'payment.succeeded', paymentObject(payment));
  ctx.log.info(decline ? 'payment declined' : 'payment succeeded', {
    payment: id,
    session: request.sessionId,
    initiated_by: request.initiatedBy,
    code: decline?.code,
  });
  return payment;
}

/** One saved card per customer and card (same brand, last four and expiry): saving it again reuses it. */
async function saveCard(db: Queryable, customerId: string, card: CardOnFile): Promise<string> {
  const { rows: existing } = await db.query<{ id: string }>(
    `select id from payment_methods
      where customer_id = $1 and brand = $2 and last4 = $3 and exp_month = $4 and exp_year = $5 and behaviour = $6 and deleted_at is null
      limit 1`,
    [customerId, card.brand, card.last4, card.expMonth, card.expYear, card.behaviour],
  );
  if (existing[0]) return existing[0].id;
  const id = newId('pm');
  await db.query(
    `insert into payment_methods (id, customer_id, card_token, behaviour, brand, last4, exp_month, exp_year) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, customerId, card.token, card.behaviour, card.brand, card.last4, card.expMonth, card.expYear],
  );
  return id;
}

export function cardOnFile(method: PaymentMethodRow): CardOnFile {
  return {
    token: method.card_token,
    behaviour: method.behaviour as CardBehaviour,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.exp_month,
    expYear: method.exp_year,
    paymentMethodId: method.id,
    declineCode: method.decline_code,
  };
}

export async function findPaymentMethod(
  db: Queryable,
  customerId: string,
  id: string,
): Promise<PaymentMethodRow | null> {
  const { rows } = await db.query<PaymentMethodRow>(
    `select * from payment_methods where id = $1 and customer_id = $2 and deleted_at is null`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

export async function listPaymentMethods(db: Queryable, customerId: string): Promise<PaymentMethodRow[]> {
  const { rows } = await db.query<PaymentMethodRow>(
    `select * from payment_methods where customer_id = $1 and deleted_at is null order by created_at desc, id`,
    [customerId],
  );
  return rows;
}

export async function deletePaymentMethod(db: Queryable, customerId: string, id: string): Promise<void> {
  const { rowCount } = await db.query(
    `update payment_methods set deleted_at = now() where id = $1 and customer_id = $2 and deleted_at is null`,
    [id, customerId],
  );
  if (!rowCount) throw ApiError.notFound('payment method', id);
}

export interface MerchantChargeInput {
  customer: string;
  payment_method: string;
  amount: number;
  currency: string;
  reference: string;
  description?: string | null;
}

/** A merchant-initiated charge of a saved card (renewals): a decline is a failed payment, not an error. */
export async function chargeSavedMethod(
  db: Queryable,
  ctx: AcquirerContext,
  input: MerchantChargeInput,
): Promise<PaymentRow> {
  const method = await findPaymentMethod(db, input.customer, input.payment_method);
  if (!method) throw ApiError.notFound('payment method', input.payment_method);
  const payment = await charge(db, ctx, {
    card: cardOnFile(method),
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    description: input.description ?? null,
    customerId: input.customer,
    sessionId: null,
    initiatedBy: 'merchant',
    authenticated: true,
    saveCard: false,
  });
  return (await findPayment(db, payment.id)) ?? payment;
}
