import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import {
  PaymentProviderRefused,
  type Checkout,
  type CheckoutRequest,
  type MerchantCharge,
  type PaymentFact,
  type PaymentIds,
  type PaymentProvider,
  type SavedMethod,
  type WebhookVerification,
} from '../payment-provider.js';
import { AcquirerHttp } from './acquirer-http.js';
import {
  factOf,
  objectProblem,
  paymentFact,
  type AcquirerInvoice,
  type AcquirerObject,
  type AcquirerPayment,
  type AcquirerSession,
} from './acquirer-objects.js';
import { ACQUIRER_SIGNATURE_HEADER, verifyAcquirerSignature } from './acquirer-signature.js';

const ATTEMPTS = 3;
const BACKOFF_MS = 200;
const EVENT_TYPES = new Set([
  'checkout_session.completed',
  'checkout_session.expired',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'dispute.created',
  'dispute.updated',
  'dispute.closed',
  'crypto_invoice.confirmed',
]);

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/**
 * The sandbox acquirer (apps/acquirer) behind the port, over its merchant API. It knows nothing of
 * commerce's tables: it turns our requests into the acquirer's and its objects into PaymentFacts.
 */
@Injectable()
export class AcquirerPaymentProvider implements PaymentProvider, OnModuleDestroy {
  readonly name = 'sandbox';
  private readonly http: AcquirerHttp;
  private readonly webhookSecrets: string[];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.http = new AcquirerHttp({
      baseUrl: config.SANDBOX_ACQUIRER_URL.replace(/\/$/, ''),
      secretKey: config.SANDBOX_ACQUIRER_SECRET_KEY,
      timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
      attempts: ATTEMPTS,
      backoffMs: BACKOFF_MS,
    });
    this.webhookSecrets = config.SANDBOX_ACQUIRER_WEBHOOK_SECRETS;
  }

  onModuleDestroy(): Promise<void> {
    return this.http.close();
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (request.method === 'crypto') {
      const invoice = await this.http.call<AcquirerInvoice>(
        'POST',
        '/v1/crypto_invoices',
        { amount: request.amountMinor, currency: request.currency, reference: request.reference },
        request.reference,
      );
      return {
        kind: 'crypto',
        checkoutId: invoice.id,
        crypto: { network: 'solana', address: invoice.address, amountToken: String(invoice.token_amount) },
      };
    }
    const session = await this.http.call<AcquirerSession>(
      'POST',
      '/v1/checkout_sessions',
      {
        amount: request.amountMinor,
        currency: request.currency,
        reference: request.reference,
        description: request.description,
        customer: request.customerRef,
        save_card: request.saveCard,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      request.reference,
    );
    return { kind: 'hosted', checkoutId: session.id, url: session.url, expiresAt: new Date(session.expires_at) };
  }

  async retrieve({ method, checkoutId, providerPaymentId }: PaymentIds): Promise<PaymentFact | null> {
    const now = this.clock.now();
    if (method === 'crypto')
      return checkoutId
        ? factOf(await this.http.call<AcquirerInvoice>('GET', `/v1/crypto_invoices/${path(checkoutId)}`), now)
        : null;
    if (providerPaymentId)
      return paymentFact(await this.http.call<AcquirerPayment>('GET', `/v1/payments/${path(providerPaymentId)}`), now);
    return checkoutId
      ? factOf(await this.http.call<AcquirerSession>('GET', `/v1/checkout_sessions/${path(checkoutId)}`), now)
      : null;
  }

  async refund(reference: string, providerPaymentId: string): Promise<PaymentFact> {
    await this.http.call('POST', `/v1/payments/${path(providerPaymentId)}/refunds`, undefined, `${reference}:refund`);
    return paymentFact(
      await this.http.call<AcquirerPayment>('GET', `/v1/payments/${path(providerPaymentId)}`),
      this.clock.now(),
    );
  }

  async chargeSavedMethod(charge: MerchantCharge): Promise<PaymentFact> {
    const payment = await this.http.call<AcquirerPayment>(
      'POST',
      '/v1/payments',
      {
        customer: charge.customerRef,
        payment_method: charge.savedMethodRef,
        amount: charge.amountMinor,
        currency: charge.currency,
        reference: charge.reference,
        description: charge.description,
      },
      charge.reference,
    );
    return paymentFact(payment, this.clock.now());
  }

  async listSavedMethods(customerRef: string): Promise<SavedMethod[]> {
    const list = await this.http.call<{
      data: { id: string; card: { brand: string; last4: string; exp_month: number; exp_year: number } }[];
    }>('GET', `/v1/customers/${path(customerRef)}/payment_methods`);
    return list.data.map((method) => ({
      id: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    }));
  }

  async deleteSavedMethod(customerRef: string, methodId: string): Promise<boolean> {
    try {
      await this.http.call('DELETE', `/v1/customers/${path(customerRef)}/payment_methods/${path(methodId)}`);
      return true;
    } catch (error) {
      if (error instanceof PaymentProviderRefused && error.providerStatus === 404) return false;
      throw error;
    }
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookVerification {
    const header = headers[ACQUIRER_SIGNATURE_HEADER];
    // Nothing about the body is read, or told, before its signature holds. The acquirer signs with
    // its wall clock, so the tolerance is measured on ours, not on the (injectable) business clock.
    if (
      !verifyAcquirerSignature(
        rawBody,
        typeof header === 'string' ? header : undefined,
        this.webhookSecrets,
        Math.floor(Date.now() / 1000),
      )
    ) {
      return { refused: 'signature' };
    }
    let body: { id?: unknown; type?: unknown; created?: unknown; data?: unknown };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch (error) {
      return { refused: 'event', problem: `it is not valid JSON (${(error as Error).message})` };
    }
    if (typeof body !== 'object' || body === null || typeof body.id !== 'string' || !/^[\w-]{1,100}$/.test(body.id))
      return { refused: 'event', problem: 'id must be an event id' };
    if (typeof body.type !== 'string') return { refused: 'event', problem: 'type must be a string' };
    if (!EVENT_TYPES.has(body.type)) return { event: null };
    // A malformed event is refused whole, though its time is not what dates the payment (below).
    if (typeof body.created !== 'string' || Number.isNaN(Date.parse(body.created)))
      return { refused: 'event', problem: 'created must be an ISO 8601 time' };
    const problem = objectProblem(body.data);
    if (problem) return { refused: 'event', problem };
    // Dated by our clock when applied, as a retrieved state is (refresh, reconciliation): the same
    // payment gets the same dates whichever arrives first, and a late webhook never books a sale
    // into a month that was already closed.
    const fact = factOf(body.data as AcquirerObject, this.clock.now());
    return { event: fact && { ...fact, id: body.id } };
  }

  readonly sandbox = {
    openDispute: async (providerPaymentId: string): Promise<void> => {
      await this.http.call('POST', `/v1/test/payments/${path(providerPaymentId)}/dispute`, {});
    },
  };
}
