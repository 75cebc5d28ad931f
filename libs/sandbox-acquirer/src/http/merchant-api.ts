import { Router, type Request, type Response } from 'express';
import type { Queryable } from '../database/database.js';
import type { AcquirerContext } from '../services/context.js';
import { createSession, getSession, renderSession } from '../services/checkout-sessions.js';
import { createInvoice, getInvoice } from '../services/crypto-invoices.js';
import { getDispute } from '../services/disputes.js';
import { chargeSavedMethod, deletePaymentMethod, getPayment, listPaymentMethods } from '../services/payments.js';
import { getRefund, refundPayment } from '../services/refunds.js';
import {
  cryptoInvoiceObject,
  disputeObject,
  paymentMethodObject,
  paymentObject,
  refundObject,
} from '../services/rows.js';
import { idempotent, type ApiAnswer } from './idempotency.js';
import { createInvoiceBody, createSessionBody, merchantChargeBody, parseBody } from './validation.js';

/** Sends a JSON answer, marking a replayed idempotent one. */
export function reply(response: Response, answer: ApiAnswer & { replayed?: boolean }): void {
  if (answer.replayed) response.setHeader('idempotent-replayed', 'true');
  response.status(answer.status).json(answer.body);
}

const param = (request: Request, name: string): string => String(request.params[name]);

/** The merchant API: checkout sessions, payments, refunds, saved cards, crypto invoices. */
export function merchantApi(ctx: AcquirerContext): Router {
  const router = Router();
  const read = async <T>(work: (db: Queryable) => Promise<T>) => work(ctx.pool);

  router.post('/checkout_sessions', async (request, response) => {
    const input = parseBody(createSessionBody, request.body);
    const answer = await idempotent(ctx, request, { required: true }, async (db) => ({
      status: 201,
      body: await renderSession(db, ctx, await createSession(db, ctx, input)),
    }));
    reply(response, answer);
  });

  router.get('/checkout_sessions/:id', async (request, response) => {
    const body = await read(async (db) => renderSession(db, ctx, await getSession(db, param(request, 'id'))));
    response.json(body);
  });

  router.get('/payments/:id', async (request, response) => {
    response.json(paymentObject(await getPayment(ctx.pool, param(request, 'id'))));
  });

  router.post('/payments', async (request, response) => {
    const input = parseBody(merchantChargeBody, request.body);
    const answer = await idempotent(ctx, request, { required: true }, async (db) => ({
      status: 201,
      body: paymentObject(await chargeSavedMethod(db, ctx, input)),
    }));
    reply(response, answer);
  });

  router.post('/payments/:id/refunds', async (request, response) => {
    const answer = await idempotent(ctx, request, { required: false }, async (db) => {
      const { refund, created } = await refundPayment(db, ctx, param(request, 'id'));
      return { status: created ? 201 : 200, body: refundObject(refund) };
    });
    reply(response, answer);
  });

  router.get('/refunds/:id', async (request, response) => {
    response.json(refundObject(await getRefund(ctx.pool, param(request, 'id'))));
  });

  router.get('/disputes/:id', async (request, response) => {
    response.json(disputeObject(await getDispute(ctx.pool, param(request, 'id'))));
  });

  router.get('/customers/:id/payment_methods', async (request, response) => {
    const methods = await listPaymentMethods(ctx.pool, param(request, 'id'));
    response.json({ object: 'list', data: methods.map(paymentMethodObject) });
  });

  router.delete('/customers/:id/payment_methods/:methodId', async (request, response) => {
    await deletePaymentMethod(ctx.pool, param(request, 'id'), param(request, 'methodId'));
    response.json({ id: param(request, 'methodId'), object: 'payment_method', deleted: true });
  });

  router.post('/crypto_invoices', async (request, response) => {
    const input = parseBody(createInvoiceBody, request.body);
    const answer = await idempotent(ctx, request, { required: true }, async (db) => ({
      status: 201,
      body: cryptoInvoiceObject(await createInvoice(db, ctx, input)),
    }));
    reply(response, answer);
  });

  router.get('/crypto_invoices/:id', async (request, response) => {
    response.json(cryptoInvoiceObject(await getInvoice(ctx.pool, param(request, 'id'))));
  });

  return router;
}
