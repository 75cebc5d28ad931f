import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { inTransaction, type Queryable } from '../db/database.js';
import { tokenAmount, type CryptoCurrency } from '../domain/crypto-rate.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { cryptoInvoiceObject, type CryptoInvoiceRow } from './rows.js';

export interface CreateInvoiceInput {
  amount: number;
  currency: CryptoCurrency;
  reference: string;
}

export async function createInvoice(
  db: Queryable,
  ctx: AcquirerContext,
  input: CreateInvoiceInput,
): Promise<CryptoInvoiceRow> {
  const { rows } = await db.query<CryptoInvoiceRow>(
    `insert into crypto_invoices (id, status, amount, currency, reference, address, token_amount, required_confirmations)
     values ($1, 'awaiting_payment', $2, $3, $4, $5, $6, $7) returning *`,
    [
      newId('ci'),
      input.amount,
      input.currency,
      input.reference,
      bs58.encode(randomBytes(32)),
      tokenAmount(input.amount, input.currency),
      ctx.config.cryptoConfirmations,
    ],
  );
  ctx.log.info('crypto invoice created', { invoice: rows[0].id });
  return rows[0];
}

export async function getInvoice(db: Queryable, id: string, { lock = false } = {}): Promise<CryptoInvoiceRow> {
  const { rows } = await db.query<CryptoInvoiceRow>(
    `select * from crypto_invoices where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  if (!rows[0]) throw ApiError.notFound('crypto invoice', id);
  return rows[0];
}

/** Test API: the customer's transfer lands on chain (no confirmations yet). */
export async function markInvoicePaid(db: Queryable, ctx: AcquirerContext, id: string): Promise<CryptoInvoiceRow> {
  const invoice = await getInvoice(db, id, { lock: true });
  if (invoice.status !== 'awaiting_payment')
    throw ApiError.conflict(`Invoice ${id} is already paid (${invoice.status})`);
  const { rows } = await db.query<CryptoInvoiceRow>(
    `update crypto_invoices set status = 'confirming', paid_at = now(), last_confirmation_at = now() where id = $1 returning *`,
    [id],
  );
  ctx.log.info('crypto invoice paid', { invoice: id });
  return rows[0];
}

/** One more block confirms the transfer; at the required count the invoice is confirmed and reported. */
export async function addConfirmation(db: Queryable, ctx: AcquirerContext, id: string): Promise<CryptoInvoiceRow> {
  const invoice = await getInvoice(db, id, { lock: true });
  if (invoice.status !== 'confirming') throw ApiError.conflict(`Invoice ${id} is ${invoice.status}, not confirming`);
  const confirmations = invoice.confirmations + 1;
  const confirmed = confirmations >= invoice.required_confirmations;
  const { rows } = await db.query<CryptoInvoiceRow>(
    `update crypto_invoices set confirmations = $2, last_confirmation_at = now(), status = $3, confirmed_at = case when $4::boolean then now() end
      where id = $1 returning *`,
    [id, confirmations, confirmed ? 'confirmed' : 'confirming', confirmed],
  );
  if (confirmed) {
    await emitEvent(db, ctx, 'crypto_invoice.confirmed', cryptoInvoiceObject(rows[0]));
    ctx.log.info('crypto invoice confirmed', { invoice: id });
  }
  return rows[0];
}

/** With a confirmation interval set, paid invoices gain confirmations as time passes. */
export async function advanceConfirmations(ctx: AcquirerContext): Promise<number> {
  if (ctx.config.cryptoConfirmationMs <= 0) return 0;
  return inTransaction(ctx.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from crypto_invoices
        where status = 'confirming' and last_confirmation_at <= now() - make_interval(secs => $1::double precision / 1000)
        order by last_confirmation_at limit 50 for update skip locked`,
      [ctx.config.cryptoConfirmationMs],
    );
    for (const row of rows) await addConfirmation(client, ctx, row.id);
    return rows.length;
  });
}
