import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCoin, IconCreditCard } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { MoneyInput } from '../../../creator-studio/components/store/MoneyInput';
import { formatMoney } from '../../../storefront/format';
import { cardNumberError, cvcError, digitsOnly, expiryError, nameError } from '../../services/card-validation';
import type { PaymentMethod, PurchaseDto } from '../../services/purchase-types';
import { createPurchase } from '../../services/purchases.service';
import { CardFields } from './CardFields';
import { checkoutTitle, MAX_TIP_MINOR, purchaseBase, type CheckoutTarget } from './checkout-target';

export interface CheckoutValues {
  method: PaymentMethod;
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  tipAmount: number | string;
  tipMessage: string;
}

const KIND_LABEL = { content: 'Video or album', subscription: 'Subscription, billed monthly', tip: 'Tip' } as const;

const toMinor = (major: number | string) => Math.round(Number(major) * 100);

function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return 'The payment service could not be reached. Check your connection and try again.';
}

export interface CheckoutFormProps {
  target: CheckoutTarget;
  referralCode: string | null;
  sandbox: boolean;
  onCreated: (purchase: PurchaseDto) => void;
}

/** The order summary and the payment form; one Idempotency-Key per attempt, kept when the same attempt is retried. */
export function CheckoutForm({ target, referralCode, sandbox, onCreated }: CheckoutFormProps) {
  const attemptKey = useRef<string>(crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const minimum = target.kind === 'tip' ? target.minimumMinor : 0;
  const form = useForm<CheckoutValues>({
    initialValues: { method: 'card', number: '', expiry: '', cvc: '', name: '', tipAmount: minimum / 100, tipMessage: '' },
    validate: {
      number: (value, values) => (values.method === 'card' ? cardNumberError(value) : null),
      expiry: (value, values) => (values.method === 'card' ? expiryError(value) : null),
      cvc: (value, values) => (values.method === 'card' ? cvcError(value) : null),
      name: (value, values) => (values.method === 'card' ? nameError(value) : null),
      tipAmount: (value) => {
        if (target.kind !== 'tip') return null;
        const minor = toMinor(value);
        if (value === '' || !Number.isFinite(minor) || minor < minimum) return `The minimum tip is ${formatMoney(minimum, target.currency)}`;
        return minor > MAX_TIP_MINOR ? `The maximum tip is ${formatMoney(MAX_TIP_MINOR, target.currency)}` : null;
      },
      tipMessage: (value) => (value.length > 200 ? 'Keep the message under 200 characters' : null),
    },
  });
  const amountMinor = target.kind === 'tip' ? toMinor(form.values.tipAmount) || 0 : target.amountMinor;

  const purchase = useMutation({
    mutationFn: (values: CheckoutValues) => {
      const body = {
        ...purchaseBase(target, { amountMinor: toMinor(values.tipAmount), message: values.tipMessage }),
        method: values.method,
        ...(values.method === 'card'
          ? { card: { number: digitsOnly(values.number), expiry: values.expiry, cvc: values.cvc, name: values.name.trim() } }
          : {}),
        ...(referralCode ? { referralCode } : {}),
      };
      return createPurchase(body, attemptKey.current);
    },
    onMutate: () => setError(null),
    onSuccess: onCreated,
    onError: (failure) => {
      // A refusal is final for this attempt: the next submit is a new attempt. A lost answer is retried with the same key.
      if (failure instanceof ApiError && failure.status < 500) attemptKey.current = crypto.randomUUID();
      setError(refusal(failure));
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => purchase.mutate(values))} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" aria-label="Order summary" component="section">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {checkoutTitle(target)}
              </Text>
              <Text size="sm" c="dimmed">
                {target.storeName} · {KIND_LABEL[target.kind]}
              </Text>
            </Stack>
            <Text fw={700} fz="lg" style={{ flexShrink: 0 }} data-testid="checkout-amount">
              {formatMoney(amountMinor, target.currency)}
            </Text>
          </Group>
        </Paper>
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
        {form.values.method === 'card' ? (
          <CardFields form={form} sandbox={sandbox} />
        ) : (
          <Text size="sm" c="dimmed">
            Pay in the platform token on Solana. When you continue you get the address and the exact token amount to send.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={purchase.isPending}
          leftSection={form.values.method === 'card' ? <IconCreditCard size={18} /> : <IconCoin size={18} />}
        >
          {form.values.method === 'card' ? `Pay ${formatMoney(amountMinor, target.currency)}` : 'Continue with crypto'}
        </Button>
      </Stack>
    </form>
  );
}
