import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { eventually } from '#app/testing';
import type { WebhookEvent } from '#app/sandbox-acquirer';

export interface ReceivedWebhook {
  signature: string | undefined;
  rawBody: string;
  event: WebhookEvent;
  status: number;
  at: number;
}

/** A merchant's webhook endpoint: a real HTTP server that records every delivery, and can be told to fail. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private server: Server | null = null;
  private failures = 0;
  private failStatus = 500;
  private failType: string | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer(
      (request, response) => void this.handle(request).then((status) => response.writeHead(status).end()),
    );
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
    return this;
  }

  /** The next `count` deliveries (of `type`, when given) are answered with `status`. */
  failNext(count: number, status = 500, type: string | null = null): void {
    this.failures = count;
    this.failStatus = status;
    this.failType = type;
  }

  private async handle(request: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const event = JSON.parse(rawBody) as WebhookEvent;
    const fail = this.failures > 0 && (!this.failType || this.failType === event.type);
    const status = fail ? this.failStatus : 200;
    if (fail) this.failures -= 1;
    this.received.push({
      signature: request.headers['acquirer-signature'] as string | undefined,
      rawBody,
      event,
      status,
      at: Date.now(),
    });
    return status;
  }

  /** Deliveries answered 2xx, optionally of one type. */
  accepted(type?: string): ReceivedWebhook[] {
    return this.received.filter((item) => item.status === 200 && (!type || item.event.type === type));
  }

  /** Waits until a delivery of `type` matching `where` was accepted, and returns it. */
  async waitFor(
    type: string,
    where: (event: WebhookEvent) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ReceivedWebhook> {
    const found = await eventually(
      () => this.accepted(type).find((item) => where(item.event)) ?? null,
      (item) => item !== null,
      timeoutMs,
    );
    return found as ReceivedWebhook;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

export interface FormAnswer {
  status: number;
  location: string | null;
  html: string;
}

/** Posts the hosted page's form the way a browser does (urlencoded, no redirects followed). */
export async function postForm(url: string, fields: Record<string, string>): Promise<FormAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: decodeEntities(await response.text()),
  };
}

/** The page's markup with the entities the templates escape turned back into characters, for assertions. */
export function decodeEntities(html: string): string {
  return html.replace(
    /&(#39|quot|lt|gt|amp);/g,
    (_, name: string) => ({ '#39': "'", quot: '"', lt: '<', gt: '>', amp: '&' })[name] as string,
  );
}

/** GET a hosted page and return its decoded markup. */
export async function pageHtml(url: string): Promise<string> {
  return decodeEntities(await (await fetch(url)).text());
}

export const card = (number: string, extra: Partial<Record<'expiry' | 'cvc' | 'name', string>> = {}) => ({
  number,
  expiry: '12 / 34',
  cvc: '123',
  name: 'Test Fan',
  ...extra,
});

let counter = 0;
/** A unique Idempotency-Key per call. */
export const key = (label = 'k') => `${label}-${Date.now()}-${(counter += 1)}`;

export function sessionBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: 1299,
    currency: 'EUR',
    reference: `purchase-${(counter += 1)}`,
    description: 'Premium photo set by Mia',
    success_url: 'http://shop.example/checkout/success',
    cancel_url: 'http://shop.example/checkout/cancel',
    ...overrides,
  };
}
