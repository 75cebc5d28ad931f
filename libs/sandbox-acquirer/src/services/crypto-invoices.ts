import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { inTransaction, type Queryable } from '../database/database.js';
import { tokenAmount, type CryptoCurrency } from '../domain/crypto-rate.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { cryptoInvoiceRepository } from '../repositories/crypto-invoices.repository.js';
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
  const invoice = await cryptoInvoiceRepository.insert(db, {
    id: newId('ci'),
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    address: bs58.encode(randomBytes(32)),
    tokenAmount: tokenAmount(input.amount, input.currency),
    requiredConfirmations: ctx.config.cryptoConfirmations,
  });
  ctx.log.info('crypto invoice created', { invoice: invoice.id });
  return invoice;
}

export async function getInvoice(db: Queryable, id: string, { lock = false } = {}): Promise<CryptoInvoiceRow> {
  const invoice = await cryptoInvoiceRepository.find(db, id, { lock });
  if (!invoice) throw ApiError.notFound('crypto invoice', id);
  return invoice;
}

/** Test API: the customer's transfer lands on chain (no confirmations yet). */
export async function markInvoicePaid(db: Queryable, ctx: AcquirerContext, id: string): Promise<CryptoInvoiceRow> {
  const invoice = await getInvoice(db, id, { lock: true });
  if (invoice.status !== 'awaiting_payment')
    throw ApiError.conflict(`Invoice ${id} is already paid (${invoice.status})`);
  const paid = await cryptoInvoiceRepository.markPaid(db, id);
  ctx.log.info('crypto invoice paid', { invoice: id });
  return paid;
}

/** One more block confirms the transfer; at the required count the invoice is confirmed and reported. */
export async function addConfirmation(db: Queryable, ctx: AcquirerContext, id: string): Promise<CryptoInvoiceRow> {
  const invoice = await getInvoice(db, id, { lock: true });
  if (invoice.status !== 'confirming') throw ApiError.conflict(`Invoice ${id} is ${invoice.status}, not confirming`);
  const confirmations = invoice.confirmations + 1;
  const confirmed = confirmations >= invoice.required_confirmations;
  const updated = await cryptoInvoiceRepository.recordConfirmations(db, id, confirmations, confirmed);
  if (confirmed) {
    await emitEvent(db, ctx, 'crypto_invoice.confirmed', cryptoInvoiceObject(updated));
    ctx.log.info('crypto invoice confirmed', { invoice: id });
  }
  return updated;
}

/** With a confirmation interval set, paid invoices gain confirmations as time passes. */
export async function advanceConfirmations(ctx: AcquirerContext): Promise<number> {
  if (ctx.config.cryptoConfirmationMs <= 0) return 0;
  return inTransaction(ctx.pool, async (client) => {
    const due = await cryptoInvoiceRepository.lockDueForConfirmation(client, ctx.config.cryptoConfirmationMs);
    for (const id of due) await addConfirmation(client, ctx, id);
    return due.length;
  });
}
