import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { IconAlertCircle, IconCoin, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { BRAND } from '../../../../lib/site';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { formatMoney } from '@/shared/format';
import type { PaymentMethod, PurchaseDto } from '../../services/purchase-types';
import { createPurchase } from '../../services/purchases.service';
import {
  checkoutDetail,
  checkoutTitle,
  MAX_TIP_MINOR,
  purchaseBase,
  storeReturnPath,
  type CheckoutTarget,
} from './checkout-target';
import { OrderSummary } from './OrderSummary';

export interface CheckoutValues {
  method: PaymentMethod;
  tipAmount: number | string;
  tipMessage: string;
}

const toMinor = (major: number | string) => Math.round(Number(major) * 100);

/** A tip is checked against its store's minimum and the platform's maximum; other purchases have no amount to check. */
const checkoutSchema = (target: CheckoutTarget, minimum: number) =>
  z.object({
    method: z.string(),
    tipAmount: z.union([z.number(), z.string()]).superRefine((value, ctx) => {
      if (target.kind !== 'tip') return;
      const minor = toMinor(value);
      if (value === '' || !Number.isFinite(minor) || minor < minimum)
        ctx.addIssue({ code: 'custom', message: `The minimum tip is ${formatMoney(minimum, target.currency)}` });
      else if (minor > MAX_TIP_MINOR)
        ctx.addIssue({ code: 'custom', message: `The maximum tip is ${formatMoney(MAX_TIP_MINOR, target.currency)}` });
    }),
    tipMessage: z.string().max(200, 'Keep the message under 200 characters'),
  });

interface CheckoutError {
  title?: string;
  message: string;
}

function refusal(error: unknown): CheckoutError {
  if (error instanceof ApiError && error.body?.code === 'payments_unavailable') {
    return {
      title: 'Nothing was charged',
      message: `${error.body.message ?? 'Payments are unavailable right now.'} Try again in a moment.`,
    };
  }
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return { message: error.body.message };
  return { message: 'The payment service could not be reached. Check your connection and try again.' };
}

export interface CheckoutFormProps {
  target: CheckoutTarget;
  referralCode: string | null;
  /** The purchase is created: a card payment goes on to the hosted page, crypto to its instructions. */
  onCreated: (purchase: PurchaseDto) => void;
}

/** The order summary and the payment method; one Idempotency-Key per attempt, kept when the same attempt is retried. */
export function CheckoutForm({ target, referralCode, onCreated }: CheckoutFormProps) {
  const attemptKey = useRef<string>(crypto.randomUUID());
  const [error, setError] = useState<CheckoutError | null>(null);
  const minimum = target.kind === 'tip' ? target.minimumMinor : 0;
  const form = useForm<CheckoutValues>({
    initialValues: { method: 'card', tipAmount: minimum / 100, tipMessage: '' },
    validate: schemaResolver(checkoutSchema(target, minimum), { sync: true }),
  });
  const amountMinor = target.kind === 'tip' ? toMinor(form.values.tipAmount) || 0 : target.amountMinor;

  const purchase = useMutation({
    mutationFn: (values: CheckoutValues) => {
      const body = {
        ...purchaseBase(target, { amountMinor: toMinor(values.tipAmount), message: values.tipMessage }),
        method: values.method,
        ...(referralCode ? { referralCode } : {}),
        returnTo: target.returnTo ?? storeReturnPath(target.storeSlug, referralCode),
      };
      return createPurchase(body, attemptKey.current);
    },
    onMutate: () => setError(null),
    onSuccess: onCreated,
    onError: (failure) => {
      // A refusal is final for this attempt: the next submit is a new attempt. A lost answer or an
      // acquirer that is down (5xx) is retried with the same key, so it can never charge twice.
      if (failure instanceof ApiError && failure.status < 500) attemptKey.current = crypto.randomUUID();
      setError(refusal(failure));
    },
  });
  const card = form.values.method === 'card';

  return (
    <form onSubmit={form.onSubmit((values) => purchase.mutate(values))} noValidate>
      <Stack gap="md">
        <OrderSummary
          title={checkoutTitle(target)}
          detail={checkoutDetail(target)}
          amount={formatMoney(amountMinor, target.currency)}
        >
          {target.kind === 'subscription' && (
            <Text size="sm" c="dimmed">
              {formatMoney(target.amountMinor, target.currency)} per month. It renews automatically until you cancel,
              and each renewal is charged to the card you save when you pay. Cancel any time in your purchase history.
            </Text>
          )}
        </OrderSummary>
        {target.kind === 'tip' && (
          <>
            <MoneyInput
              currency={target.currency}
              label="Tip amount"
              description={`At least ${formatMoney(minimum, target.currency)}`}
              {...form.getInputProps('tipAmount')}
            />
            <Textarea label="Message (optional)" rows={2} maxLength={200} {...form.getInputProps('tipMessage')} />
          </>
        )}
        <SegmentedControl
          fullWidth
          aria-label="Payment method"
          data={[
            { value: 'card', label: 'Card' },
            { value: 'crypto', label: 'Crypto' },
          ]}
          {...form.getInputProps('method')}
        />
        {card ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconLock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              You enter your card on our payment provider’s secure page, which also runs your bank’s check (3-D Secure)
              when it asks for one. {BRAND} never sees your card number.
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Pay in the platform token on Solana. When you continue you get the address and the exact token amount to
            send.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={error.title} role="alert">
            {error.message}
          </Alert>
        )}
        {/* Narrow side padding: the label fits a 375 px phone's modal on one line. */}
        <Button
          type="submit"
          size="md"
          px="sm"
          loading={purchase.isPending}
          leftSection={card ? <IconLock size={18} /> : <IconCoin size={18} />}
        >
          {card ? 'Continue to secure payment' : 'Continue with crypto'}
        </Button>
      </Stack>
    </form>
  );
}
