import express, { Router, type Request, type Response } from 'express';
import { validateCard, type CardInput } from '../domain/card-validation.js';
import { PAY_CSS, PAY_JS } from '../pages/assets.js';
import { challengePage, closedSessionPage } from '../pages/other-pages.js';
import { payPage } from '../pages/pay-page.js';
import { findSession } from '../services/checkout-sessions.js';
import type { AcquirerContext } from '../services/context.js';
import {
  answerChallenge,
  findChallenge,
  payWithNewCard,
  payWithSavedCard,
  type CheckoutOutcome,
} from '../services/hosted-checkout.js';
import { findPayment, listPaymentMethods } from '../services/payments.js';
import type { SessionRow } from '../services/rows.js';
import { pageCsp } from './security-headers.js';

const field = (body: Record<string, unknown>, name: string): string =>
  typeof body[name] === 'string' ? (body[name] as string) : '';

/** Where the customer goes after paying: `{CHECKOUT_SESSION_ID}` in the URL is replaced, else `session_id` is added. */
export function successRedirect(session: SessionRow): string {
  if (session.success_url.includes('{CHECKOUT_SESSION_ID}'))
    return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  const url = new URL(session.success_url);
  url.searchParams.set('session_id', session.id);
  return url.toString();
}

/** The customer-facing pages: the hosted payment page and the 3-D Secure challenge. */
export function hostedPages(ctx: AcquirerContext): Router {
  const router = Router();
  const merchantName = ctx.config.merchantName;
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });

  const sendPage = (response: Response, status: number, markup: string, session: SessionRow | null) => {
    pageCsp(response, session ? [session.success_url, session.cancel_url] : []);
    response.status(status).type('html').send(markup);
  };

  const renderPay = async (
    response: Response,
    session: SessionRow,
    extra: {
      status?: number;
      alert?: string | null;
      errors?: Record<string, string>;
      values?: Partial<CardInput>;
      saveCardTicked?: boolean;
    } = {},
  ) => {
    const savedCards = session.customer_id ? await listPaymentMethods(ctx.pool, session.customer_id) : [];
    sendPage(response, extra.status ?? 200, payPage({ merchantName, session, savedCards, ...extra }), session);
  };

  const follow = (response: Response, sessionId: string, outcome: CheckoutOutcome) => {
    switch (outcome.kind) {
      case 'paid':
        return response.redirect(303, successRedirect(outcome.session));
      case 'declined':
        return response.redirect(
          303,
          `/pay/${encodeURIComponent(sessionId)}?declined=${encodeURIComponent(outcome.paymentId)}`,
        );
      case 'challenge':
        return response.redirect(303, `/3ds/${encodeURIComponent(outcome.challengeId)}`);
      case 'unknown_method':
      case 'closed':
        return response.redirect(303, `/pay/${encodeURIComponent(sessionId)}`);
    }
  };

  router.get('/assets/pay.css', (_request, response) => {
    response.setHeader('cache-control', 'public, max-age=3600');
    response.type('css').send(PAY_CSS);
  });
  router.get('/assets/pay.js', (_request, response) => {
    response.setHeader('cache-control', 'public, max-age=3600');
    response.type('js').send(PAY_JS);
  });

  router.get('/pay/:sessionId', async (request: Request, response: Response) => {
    const session = await findSession(ctx.pool, String(request.params.sessionId));
    if (!session || session.status !== 'open' || session.expires_at.getTime() <= Date.now()) {
      return sendPage(
        response,
        session ? 200 : 404,
        closedSessionPage(
          merchantName,
          session && session.status === 'open' ? { ...session, status: 'expired' } : session,
        ),
        session,
      );
    }
    let alert: string | null = null;
    if (typeof request.query.declined === 'string') {
      const payment = await findPayment(ctx.pool, request.query.declined);
      if (payment && payment.session_id === session.id && payment.status === 'failed') alert = payment.failure_message;
    }
    await renderPay(response, session, { alert });
  });

  router.post('/pay/:sessionId', form, async (request: Request, response: Response) => {
    const sessionId = String(request.params.sessionId);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const savedMethod = field(body, 'payment_method');
    if (savedMethod) return follow(response, sessionId, await payWithSavedCard(ctx, sessionId, savedMethod));

    const saveCard = field(body, 'save_card') === 'yes';
    const input: CardInput = {
      number: field(body, 'number'),
      expiry: field(body, 'expiry'),
      cvc: field(body, 'cvc'),
      name: field(body, 'name'),
    };
    const checked = validateCard(input);
    if ('errors' in checked) {
      const session = await findSession(ctx.pool, sessionId);
      if (!session || session.status !== 'open') return follow(response, sessionId, { kind: 'closed', session });
      return renderPay(response, session, {
        status: 422,
        errors: checked.errors,
        values: input,
        saveCardTicked: saveCard,
      });
    }
    return follow(response, sessionId, await payWithNewCard(ctx, sessionId, checked.card, { saveCard }));
  });

  router.get('/3ds/:challengeId', async (request: Request, response: Response) => {
    const challenge = await findChallenge(ctx.pool, String(request.params.challengeId));
    const session = challenge ? await findSession(ctx.pool, challenge.session_id) : null;
    if (!challenge || !session) return sendPage(response, 404, closedSessionPage(merchantName, null), null);
    if (challenge.status !== 'pending' || session.status !== 'open')
      return response.redirect(303, `/pay/${encodeURIComponent(session.id)}`);
    sendPage(
      response,
      200,
      challengePage({
        merchantName,
        session,
        challengeId: challenge.id,
        brand: challenge.brand,
        last4: challenge.last4,
      }),
      session,
    );
  });

  router.post('/3ds/:challengeId', form, async (request: Request, response: Response) => {
    const challengeId = String(request.params.challengeId);
    const challenge = await findChallenge(ctx.pool, challengeId);
    if (!challenge) return sendPage(response, 404, closedSessionPage(merchantName, null), null);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const answer = field(body, 'action') === 'cancel' ? ({ cancel: true } as const) : { code: field(body, 'code') };
    return follow(response, challenge.session_id, await answerChallenge(ctx, challengeId, answer));
  });

  return router;
}
