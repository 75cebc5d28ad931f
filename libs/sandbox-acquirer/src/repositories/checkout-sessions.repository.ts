import { prepared, type Queryable } from '../database/database.js';
import type { SessionRow } from '../services/rows.js';

/** An open session as the merchant asked for it. */
export interface NewSession {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  description: string;
  customerId: string | null;
  saveCard: boolean;
  successUrl: string;
  cancelUrl: string;
  /** It expires this long after it is recorded. */
  ttlSeconds: number;
}

const insertSession = prepared(
  `insert into checkout_sessions (id, status, amount, currency, reference, description, customer_id, save_card, success_url, cancel_url, expires_at)
   values ($1, 'open', $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10))
   returning *`,
);

/** The only writer of `checkout_sessions`. */
class CheckoutSessionRepository {
  async insert(db: Queryable, session: NewSession): Promise<SessionRow> {
    const { rows } = await db.query<SessionRow>(
      insertSession([
        session.id,
        session.amount,
        session.currency,
        session.reference,
        session.description,
        session.customerId,
        session.saveCard,
        session.successUrl,
        session.cancelUrl,
        session.ttlSeconds,
      ]),
    );
    return rows[0];
  }

  async find(db: Queryable, id: string, { lock = false } = {}): Promise<SessionRow | null> {
    const { rows } = await db.query<SessionRow>(
      `select * from checkout_sessions where id = $1 ${lock ? 'for update' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Expires the session if it is still open (null if it was not). */
  async expire(db: Queryable, id: string): Promise<SessionRow | null> {
    const { rows } = await db.query<SessionRow>(
      `update checkout_sessions set status = 'expired', expires_at = least(expires_at, now()) where id = $1 and status = 'open' returning *`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Locks (skipping rows others hold) up to 50 open sessions whose time ran out, oldest first. */
  async lockDueToExpire(db: Queryable): Promise<SessionRow[]> {
    const { rows } = await db.query<SessionRow>(
      `select * from checkout_sessions where status = 'open' and expires_at <= now() order by expires_at limit 50 for update skip locked`,
    );
    return rows;
  }

  /** Marks the open session paid by `paymentId`. */
  async complete(db: Queryable, id: string, paymentId: string): Promise<SessionRow> {
    const { rows } = await db.query<SessionRow>(
      `update checkout_sessions set status = 'complete', payment_id = $2, completed_at = now() where id = $1 and status = 'open' returning *`,
      [id, paymentId],
    );
    return rows[0];
  }
}

export const checkoutSessionRepository = new CheckoutSessionRepository();
