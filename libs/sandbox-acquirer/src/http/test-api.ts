import { Router, type Request } from 'express';
import { inTransaction } from '../database/database.js';
import { ApiError } from '../domain/errors.js';
import { expireSession, findSession, renderSession } from '../services/checkout-sessions.js';
import type { AcquirerContext } from '../services/context.js';
import { addConfirmation, markInvoicePaid } from '../services/crypto-invoices.js';
import { moveDispute, openDispute } from '../services/disputes.js';
import { readChaos, writeChaos } from '../services/events.js';
import { setDeclineCode } from '../services/payments.js';
import { cryptoInvoiceObject, disputeObject, paymentMethodObject } from '../services/rows.js';
import { chaosBody, declineBody, disputeBody, moveDisputeBody, parseBody } from './validation.js';

const param = (request: Request, name: string): string => String(request.params[name]);

/** Under /v1/test: what a sandbox lets a merchant trigger that a real network would do on its own. */
export function testApi(ctx: AcquirerContext): Router {
  const router = Router();
  const tx = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(ctx.pool, work);

  router.post('/payments/:id/dispute', async (request, response) => {
    const { reason } = parseBody(disputeBody, request.body);
    const dispute = await tx((db) => openDispute(db, ctx, param(request, 'id'), reason));
    response.status(201).json(disputeObject(dispute));
  });

  router.post('/disputes/:id/advance', async (request, response) => {
    const { status } = parseBody(moveDisputeBody, request.body);
    response.json(disputeObject(await tx((db) => moveDispute(db, ctx, param(request, 'id'), status))));
  });

  router.post('/checkout_sessions/:id/expire', async (request, response) => {
    const body = await tx(async (db) => {
      const session = await findSession(db, param(request, 'id'), { lock: true });
      if (!session) throw ApiError.notFound('checkout session', param(request, 'id'));
      if (session.status === 'complete') throw ApiError.conflict(`Checkout session ${session.id} is already paid`);
      return renderSession(db, ctx, await expireSession(db, ctx, session));
    });
    response.json(body);
  });

  router.get('/webhook_chaos', async (_request, response) => {
    response.json(await readChaos(ctx.pool));
  });

  router.post('/webhook_chaos', async (request, response) => {
    const chaos = parseBody(chaosBody, request.body);
    await writeChaos(ctx.pool, chaos);
    ctx.log.info('webhook chaos set', { ...chaos });
    response.json(chaos);
  });

  router.post('/crypto_invoices/:id/pay', async (request, response) => {
    response.json(cryptoInvoiceObject(await tx((db) => markInvoicePaid(db, ctx, param(request, 'id')))));
  });

  router.post('/crypto_invoices/:id/confirmations', async (request, response) => {
    response.json(cryptoInvoiceObject(await tx((db) => addConfirmation(db, ctx, param(request, 'id')))));
  });

  router.post('/payment_methods/:id/decline', async (request, response) => {
    const { code } = parseBody(declineBody, request.body);
    const method = await setDeclineCode(ctx.pool, param(request, 'id'), code);
    response.json({ ...paymentMethodObject(method), decline_code: method.decline_code });
  });

  return router;
}
