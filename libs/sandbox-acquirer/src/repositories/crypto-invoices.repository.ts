import type { Queryable } from '../database/database.js';
import type { CryptoInvoiceRow } from '../services/rows.js';

/** An invoice awaiting the customer's transfer. */
export interface NewInvoice {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  address: string;
  tokenAmount: number;
  requiredConfirmations: number;
}

/** The only writer of `crypto_invoices`. */
class CryptoInvoiceRepository {
  async insert(db: Queryable, invoice: NewInvoice): Promise<CryptoInvoiceRow> {
    const { rows } = await db.query<CryptoInvoiceRow>(
      `insert into crypto_invoices (id, status, amount, currency, reference, address, token_amount, required_confirmations)
       values ($1, 'awaiting_payment', $2, $3, $4, $5, $6, $7) returning *`,
      [
        invoice.id,
        invoice.amount,
        invoice.currency,
        invoice.reference,
        invoice.address,
        invoice.tokenAmount,
        invoice.requiredConfirmations,
      ],
    );
    return rows[0];
  }

  async find(db: Queryable, id: string, { lock = false } = {}): Promise<CryptoInvoiceRow | null> {
    const { rows } = await db.query<CryptoInvoiceRow>(
      `select * from crypto_invoices where id = $1 ${lock ? 'for update' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The transfer landed on chain: the invoice waits for its confirmations. */
  async markPaid(db: Queryable, id: string): Promise<CryptoInvoiceRow> {
    const { rows } = await db.query<CryptoInvoiceRow>(
      `update crypto_invoices set status = 'confirming', paid_at = now(), last_confirmation_at = now() where id = $1 returning *`,
      [id],
    );
    return rows[0];
  }

  /** Records the invoice's count of confirmations, and that it is confirmed when `confirmed`. */
  async recordConfirmations(
    db: Queryable,
    id: string,
    confirmations: number,
    confirmed: boolean,
  ): Promise<CryptoInvoiceRow> {
    const { rows } = await db.query<CryptoInvoiceRow>(
      `update crypto_invoices set confirmations = $2, last_confirmation_at = now(), status = $3, confirmed_at = case when $4::boolean then now() end
        where id = $1 returning *`,
      [id, confirmations, confirmed ? 'confirmed' : 'confirming', confirmed],
    );
    return rows[0];
  }

  /** Locks (skipping rows others hold) up to 50 confirming invoices whose last confirmation is `intervalMs` old. */
  async lockDueForConfirmation(db: Queryable, intervalMs: number): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `select id from crypto_invoices
        where status = 'confirming' and last_confirmation_at <= now() - make_interval(secs => $1::double precision / 1000)
        order by last_confirmation_at limit 50 for update skip locked`,
      [intervalMs],
    );
    return rows.map((row) => row.id);
  }
}

export const cryptoInvoiceRepository = new CryptoInvoiceRepository();
