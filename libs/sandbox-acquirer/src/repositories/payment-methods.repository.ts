import type { Queryable } from '../database/database.js';
import type { CardOnFile } from '../domain/card-on-file.js';
import type { PaymentMethodRow } from '../services/rows.js';

/** The only writer of `payment_methods` (customers' saved cards; a deleted one is kept, marked deleted). */
class PaymentMethodRepository {
  /** The customer's live saved card with the same brand, last four, expiry and behaviour as `card`, if any. */
  async findSameCard(db: Queryable, customerId: string, card: CardOnFile): Promise<string | null> {
    const { rows } = await db.query<{ id: string }>(
      `select id from payment_methods
        where customer_id = $1 and brand = $2 and last4 = $3 and exp_month = $4 and exp_year = $5 and behaviour = $6 and deleted_at is null
        limit 1`,
      [customerId, card.brand, card.last4, card.expMonth, card.expYear, card.behaviour],
    );
    return rows[0]?.id ?? null;
  }

  async insert(db: Queryable, id: string, customerId: string, card: CardOnFile): Promise<void> {
    await db.query(
      `insert into payment_methods (id, customer_id, card_token, behaviour, brand, last4, exp_month, exp_year) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, customerId, card.token, card.behaviour, card.brand, card.last4, card.expMonth, card.expYear],
    );
  }

  async find(db: Queryable, customerId: string, id: string): Promise<PaymentMethodRow | null> {
    const { rows } = await db.query<PaymentMethodRow>(
      `select * from payment_methods where id = $1 and customer_id = $2 and deleted_at is null`,
      [id, customerId],
    );
    return rows[0] ?? null;
  }

  /** The customer's live saved cards, newest first. */
  async list(db: Queryable, customerId: string): Promise<PaymentMethodRow[]> {
    const { rows } = await db.query<PaymentMethodRow>(
      `select * from payment_methods where customer_id = $1 and deleted_at is null order by created_at desc, id`,
      [customerId],
    );
    return rows;
  }

  /** Marks the customer's live card deleted; false when there is none. */
  async delete(db: Queryable, customerId: string, id: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `update payment_methods set deleted_at = now() where id = $1 and customer_id = $2 and deleted_at is null`,
      [id, customerId],
    );
    return Boolean(rowCount);
  }

  /** Tells a live saved card to decline its next charges with `code` (null: to charge normally again). */
  async setDeclineCode(db: Queryable, id: string, code: string | null): Promise<PaymentMethodRow | null> {
    const { rows } = await db.query<PaymentMethodRow>(
      `update payment_methods set decline_code = $2 where id = $1 and deleted_at is null returning *`,
      [id, code],
    );
    return rows[0] ?? null;
  }
}

export const paymentMethodRepository = new PaymentMethodRepository();
