import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import bs58 from 'bs58';
import { randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, Clock, Outbox, type AppConfig } from '#app/platform';
import { type CreatePayment, type PreparedPayment, type PaymentEventType, type PaymentProvider, type WebhookVerification } from '../payment-provider.js';
import { FAILURE_MESSAGES, outcomeOfCard, tokenAmount } from './sandbox-outcomes.js';
import { parseWebhookEvent, type WebhookBody } from './webhook-event.js';
import { signatureHeader, verifySignature } from './webhook-signature.js';

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';
export const SIGNATURE_HEADER = 'fanmint-signature';

/**
 * A sandbox id: 122 random bits of a v4 uuid. randomUUID draws from a cached entropy batch;
 * randomBytes asks the kernel each call (~6 µs here, two calls per purchase on the hot path).
 */
const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

interface EventRow {
  id: string;
  type: PaymentEventType;
  created_at: Date;
  delivered_at: Date | null;
  payment_id: string;
  reference: string;
  amount_minor: string;
  currency: string;
  failure_reason: string | null;
}

/**
 * A stand-in payment provider with its own tables: it confirms payments after a delay and tells
 * us by signed webhooks, delivered over HTTP by the worker and retried like a real provider's.
 * settleNow, chargeback and declineSavedMethod are the hooks tests and the admin sandbox use.
 */
@Injectable()
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly logger = new Logger(SandboxPaymentProvider.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  preparePayment(payment: CreatePayment, gate: string): PreparedPayment {
    if (!/^[a-z_]+$/.test(gate)) throw new Error(`not a CTE name: ${gate}`);
    const now = this.clock.now();
    const id = newId('pay');
    const dueAt = new Date(now.getTime() + this.config.SANDBOX_CONFIRM_DELAY_MS);
    const outcome = payment.method === 'card' && payment.card ? outcomeOfCard(payment.card.number) : 'approve';
    const last4 = payment.card ? payment.card.number.replace(/\D/g, '').slice(-4) : null;
    const methodRef = payment.savedMethodRef ?? newId('pm');
    if (payment.method === 'crypto' && (payment.amountMinor === null || payment.currency === null)) throw new Error('a crypto payment quotes its token amount: the price must be known');
    const crypto = payment.method === 'crypto' ? { network: 'solana' as const, address: bs58.encode(randomBytes(32)), amountToken: tokenAmount(payment.amountMinor!, payment.currency!) } : null;
    return {
      providerPaymentId: id,
      savedMethodRef: methodRef,
      crypto,
      // The new method (unless saved before) and the payment of the order's amount, once the order is written.
      rows: {
        ctes: `sandbox_method as (
           insert into sandbox_payment_methods (id, kind, last4, outcome, created_at)
           select ?, ?, ?, ?, ? from ${gate} where ?::boolean
           on conflict do nothing
         ),
         sandbox_payment as (
           insert into sandbox_payments (id, reference, method_id, amount_minor, currency, status, due_at, created_at)
           select ?, ?, ?, ${gate}.amount_minor, ${gate}.currency, 'pending', ?, ? from ${gate}
         )`,
        params: [methodRef, payment.method, last4, outcome, now, payment.savedMethodRef === undefined, id, payment.reference, methodRef, dueAt, now],
      },
    };
  }

  refund(reference: string): Promise<boolean> {
    return this.transition(reference, 'succeeded', 'refunded');
  }

  /** Sandbox only: the fan's bank disputes a captured payment. */
  chargeback(reference: string): Promise<boolean> {
    return this.transition(reference, 'succeeded', 'charged_back');
  }

  /** Sandbox only: the card saved by this payment fails from now on (renewals go past due). */
  async declineSavedMethod(reference: string): Promise<void> {
    await this.orm.em.fork().execute(
      `update sandbox_payment_methods set outcome = 'insufficient_funds' where id = (select method_id from sandbox_payments where reference = ?)`,
      [reference],
    );
  }

  /** Confirms or fails every pending payment whose delay has passed (the settle-due job). */
  settleDue(): Promise<string[]> {
    return this.settle(null);
  }

  /** Sandbox only: settles one payment now, whatever its delay. */
  settleNow(reference: string): Promise<string[]> {
    return this.settle(reference);
  }

  private settle(reference: string | null): Promise<string[]> {
    const now = this.clock.now();
    return this.orm.em.fork().transactional(async (em) => {
      const events = await em.execute<{ id: string }[]>(
        `with due as (
           select id from sandbox_payments
            where status = 'pending' and ${reference === null ? 'due_at <= ?' : 'reference = ?'}
            order by due_at limit 200 for update skip locked
         ), settled as (
           update sandbox_payments p
              set status = case when m.outcome = 'approve' then 'succeeded' else 'failed' end,
                  failure_reason = case m.outcome when 'decline' then ? when 'insufficient_funds' then ? end,
                  settled_at = ?
             from due, sandbox_payment_methods m
            where p.id = due.id and m.id = p.method_id
           returning p.id, p.status
         )
         insert into sandbox_events (id, type, payment_id, created_at)
         select 'evt_' || replace(gen_random_uuid()::text, '-', ''), 'payment.' || status, id, ? from settled
         on conflict do nothing
         returning id`,
        [reference ?? now, FAILURE_MESSAGES.decline, FAILURE_MESSAGES.insufficient_funds, now, now],
      );
      for (const event of events) this.outbox.enqueue(em, 'payments', 'deliver-webhook', { eventId: event.id });
      return events.map((event) => event.id);
    });
  }

  private async transition(reference: string, from: string, to: 'refunded' | 'charged_back'): Promise<boolean> {
    const now = this.clock.now();
    return this.orm.em.fork().transactional(async (em) => {
      const events = await em.execute<{ id: string }[]>(
        `with moved as (update sandbox_payments set status = ? where reference = ? and status = ? returning id)
         insert into sandbox_events (id, type, payment_id, created_at)
         select ?, ?, id, ? from moved on conflict do nothing returning id`,
        [to, reference, from, newId('evt'), `payment.${to}`, now],
      );
      for (const event of events) this.outbox.enqueue(em, 'payments', 'deliver-webhook', { eventId: event.id });
      return events.length > 0;
    });
  }

  /** The signed body of an event, as the webhook endpoint receives it. */
  async signedDelivery(eventId: string): Promise<{ body: string; signature: string; delivered: boolean } | null> {
    const [row] = await this.orm.em.fork().execute<EventRow[]>(
      `select e.id, e.type, e.created_at, e.delivered_at, p.id as payment_id, p.reference, p.amount_minor, p.currency, p.failure_reason
         from sandbox_events e join sandbox_payments p on p.id = e.payment_id where e.id = ?`,
      [eventId],
    );
    if (!row) return null;
    const payload: WebhookBody = {
      id: row.id,
      type: row.type,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
      data: { paymentId: row.payment_id, reference: row.reference, amountMinor: Number(row.amount_minor), currency: row.currency, failureReason: row.type === 'payment.failed' ? row.failure_reason : null },
    };
    const body = JSON.stringify(payload);
    const signature = signatureHeader(this.config.SANDBOX_WEBHOOK_SECRET, Math.floor(this.clock.now().getTime() / 1000), body);
    return { body, signature, delivered: row.delivered_at !== null };
  }

  /** POSTs one event to our webhook endpoint (the deliver-webhook job); throws on a non-2xx so the job retries. */
  async deliver(eventId: string): Promise<'delivered' | 'skipped'> {
    const delivery = await this.signedDelivery(eventId);
    if (!delivery || delivery.delivered) return 'skipped';
    const em = this.orm.em.fork();
    await em.execute(`update sandbox_events set attempts = attempts + 1 where id = ?`, [eventId]);
    const response = await fetch(`${this.config.PUBLIC_URL}${SANDBOX_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: delivery.signature },
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      this.logger.warn(`webhook ${eventId} answered ${response.status}`);
      throw new Error(`Webhook endpoint answered ${response.status}`);
    }
    await em.execute(`update sandbox_events set delivered_at = ? where id = ?`, [this.clock.now(), eventId]);
    return 'delivered';
  }

  verifyWebhook(rawBody: string, signature: string | undefined): WebhookVerification {
    // Nothing about the body is read, or told, before its signature holds.
    if (!verifySignature(this.config.SANDBOX_WEBHOOK_SECRET, signature, rawBody, Math.floor(this.clock.now().getTime() / 1000))) return { refused: 'signature' };
    const parsed = parseWebhookEvent(rawBody);
    return 'event' in parsed ? parsed : { refused: 'event', problem: parsed.problem };
  }
}
