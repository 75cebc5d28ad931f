import { inTransaction, prepared, type Queryable } from '../db/database.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { findPayment } from './payments.js';
import { sessionObject, type PaymentRow, type SessionRow } from './rows.js';

export interface CreateSessionInput {
  amount: number;
  currency: string;
  reference: string;
  description: string;
  customer?: string | null;
  success_url: string;
  cancel_url: string;
  save_card?: boolean;
}

const insertSession = prepared(
  `insert into checkout_sessions (id, status, amount, currency, reference, description, customer_id, save_card, success_url, cancel_url, expires_at)
   values ($1, 'open', $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10))
   returning *`,
);

export async function createSession(
  db: Queryable,
  ctx: AcquirerContext,
  input: CreateSessionInput,
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    insertSession([
      newId('cs'),
      input.amount,
      input.currency,
      input.reference,
      input.description,
      input.customer ?? null,
      Boolean(input.save_card && input.customer),
      input.success_url,
      input.cancel_url,
      ctx.config.sessionTtlSeconds,
    ]),
  );
  ctx.log.info('checkout session created', { session: rows[0].id });
  return rows[0];
}

export async function findSession(db: Queryable, id: string, { lock = false } = {}): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `select * from checkout_sessions where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function getSession(db: Queryable, id: string): Promise<SessionRow> {
  const session = await findSession(db, id);
  if (!session) throw ApiError.notFound('checkout session', id);
  return session;
}

export async function sessionPayment(db: Queryable, session: SessionRow): Promise<PaymentRow | null> {
  return session.payment_id ? findPayment(db, session.payment_id) : null;
}

/** The session as the API shows it, with its payment once paid. */
export async function renderSession(db: Queryable, ctx: AcquirerContext, session: SessionRow) {
  return sessionObject(session, await sessionPayment(db, session), ctx.publicUrl());
}

/** Closes an open session that will not be paid (its time ran out, or the test API says so). */
export async function expireSession(db: Queryable, ctx: AcquirerContext, session: SessionRow): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `update checkout_sessions set status = 'expired', expires_at = least(expires_at, now()) where id = $1 and status = 'open' returning *`,
    [session.id],
  );
  if (!rows[0]) return session;
  await emitEvent(db, ctx, 'checkout_session.expired', sessionObject(rows[0], null, ctx.publicUrl()));
  ctx.log.info('checkout session expired', { session: session.id });
  return rows[0];
}

export async function expireDueSessions(ctx: AcquirerContext): Promise<number> {
  return inTransaction(ctx.pool, async (client) => {
    const { rows } = await client.query<SessionRow>(
      `select * from checkout_sessions where status = 'open' and expires_at <= now() order by expires_at limit 50 for update skip locked`,
    );
    for (const session of rows) await expireSession(client, ctx, session);
    return rows.length;
  });
}

/** Marks the session paid by `payment` and reports it. */
export async function completeSession(
  db: Queryable,
  ctx: AcquirerContext,
  session: SessionRow,
  payment: PaymentRow,
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `update checkout_sessions set status = 'complete', payment_id = $2, completed_at = now() where id = $1 and status = 'open' returning *`,
    [session.id, payment.id],
  );
  await emitEvent(db, ctx, 'checkout_session.completed', sessionObject(rows[0], payment, ctx.publicUrl()));
  return rows[0];
}
