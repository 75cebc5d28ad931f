import { PAYMENT_EVENT_TYPES, type PaymentEvent, type PaymentEventType } from '../payment-provider.js';

/** An event as the sandbox provider sends it (the body its signature covers). */
export interface WebhookBody {
  id: string;
  type: PaymentEventType;
  created: number;
  data: { paymentId: string; reference: string; amountMinor: number; currency: string; failureReason: string | null };
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
// PostgreSQL text cannot hold NUL, so a string with one would fail in the statement, not here.
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && !value.includes('\0');
const own = (fields: Fields, key: string): unknown => (Object.hasOwn(fields, key) ? fields[key] : undefined);

/** What is wrong with the body, or null when it is a whole payment event. */
function problemOf(body: unknown): string | null {
  if (!isObject(body)) return 'it is not a JSON object';
  if (!isText(own(body, 'id'))) return 'id must be a non-empty string';
  if (!PAYMENT_EVENT_TYPES.includes(own(body, 'type') as PaymentEventType)) return `type must be one of ${PAYMENT_EVENT_TYPES.join(', ')}`;
  const created = own(body, 'created');
  if (!Number.isSafeInteger(created) || (created as number) < 0) return 'created must be a Unix time in seconds';
  const data = own(body, 'data');
  if (!isObject(data)) return 'data must be an object';
  for (const key of ['paymentId', 'reference', 'currency']) if (!isText(own(data, key))) return `data.${key} must be a non-empty string`;
  const amount = own(data, 'amountMinor');
  if (!Number.isSafeInteger(amount) || (amount as number) < 0) return 'data.amountMinor must be a whole number of minor units';
  const failure = own(data, 'failureReason');
  if (failure !== undefined && failure !== null && !isText(failure)) return 'data.failureReason must be a string or null';
  return null;
}

/** The payment event in a (signature-checked) body, or what is wrong with it. */
export function parseWebhookEvent(rawBody: string): { event: PaymentEvent } | { problem: string } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch (error) {
    return { problem: `it is not valid JSON (${(error as Error).message})` };
  }
  const problem = problemOf(body);
  if (problem) return { problem };
  const { id, type, created, data } = body as unknown as WebhookBody;
  return {
    event: {
      id,
      type,
      reference: data.reference,
      providerPaymentId: data.paymentId,
      amountMinor: data.amountMinor,
      currency: data.currency,
      failureReason: data.failureReason ?? null,
      occurredAt: new Date(created * 1000),
    },
  };
}
