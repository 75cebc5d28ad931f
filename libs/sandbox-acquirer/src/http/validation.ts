import { z } from 'zod';
import { CURRENCIES } from '../domain/money.js';
import { ApiError } from '../domain/errors.js';

const text = (max: number) => z.string().trim().min(1).max(max);
const amount = z.number().int().positive().max(99_999_999);
const currency = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(CURRENCIES, { message: `must be one of ${CURRENCIES.join(', ')}` }));
const returnUrl = z
  .string()
  .url()
  .max(2000)
  .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http(s) URL' });

export const createSessionBody = z.strictObject({
  amount,
  currency,
  reference: text(200),
  description: text(500),
  customer: text(200).nullish(),
  success_url: returnUrl,
  cancel_url: returnUrl,
  save_card: z.boolean().default(false),
});

export const merchantChargeBody = z.strictObject({
  customer: text(200),
  payment_method: text(100),
  amount,
  currency,
  reference: text(200),
  description: text(500).nullish(),
});

export const createInvoiceBody = z.strictObject({
  amount,
  currency: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['USD', 'EUR', 'GBP'], { message: 'must be USD, EUR or GBP' })),
  reference: text(200),
});

export const disputeBody = z.strictObject({ reason: text(100).default('fraudulent') });
export const moveDisputeBody = z.strictObject({ status: z.enum(['under_review', 'won', 'lost']) });
export const chaosBody = z.strictObject({
  duplicates: z.boolean().default(false),
  out_of_order: z.boolean().default(false),
  rate: z.number().min(0).max(1).default(0.5),
});
export const declineBody = z.strictObject({
  code: z
    .enum(['card_declined', 'insufficient_funds', 'expired_card', 'fraudulent'])
    .nullable()
    .default('insufficient_funds'),
});

/** Parses a request body, turning the first problem into a 400 that names the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = issue.path.join('.') || undefined;
  const message =
    issue.code === 'unrecognized_keys'
      ? `Unknown parameter: ${issue.keys.join(', ')}`
      : `${param ?? 'body'}: ${issue.message}`;
  throw ApiError.invalid(message, param ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined));
}
