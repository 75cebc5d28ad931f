import { Alert, Button, Flex, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFolderOpen, IconInfoCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import contrast from '@/shared/ui/contrast.module.css';
import type { PurchaseDto } from '../../services/purchase-types';
import { PurchasedContent } from '../PurchasedContent';

const PAID_TEXT = {
  content: 'It is yours: open it here or later from your purchase history.',
  subscription: 'Your subscription is active. Manage it in your purchase history.',
  tip: 'Thank you! Your tip is on its way to the creator.',
  message: 'The message is unlocked: its media open in the conversation.',
  message_fee: 'Your message is on its way to the creator.',
  post: 'The post is unlocked: its photos and videos open on the store page and in your feed.',
} as const;

/** The ways on from an outcome: a right-aligned row, on phones full-width buttons with the main (last) one on top. */
export function OutcomeActions({ children }: { children: ReactNode }) {
  return (
    <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="sm">
      {children}
    </Flex>
  );
}

/** Paid: what the fan got, the files of a bought item on demand, and the caller's way on. */
export function PaymentConfirmed({ purchase, children }: { purchase: PurchaseDto; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" role="status">
        <ThemeIcon color="green" variant="light" radius="xl" size="lg">
          <IconCircleCheck size={22} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={700}>Payment confirmed</Text>
          <Text size="sm" c="dimmed">
            {PAID_TEXT[purchase.kind]}
          </Text>
        </Stack>
      </Group>
      {open && <PurchasedContent purchaseId={purchase.id} />}
      <OutcomeActions>
        {children}
        {purchase.kind === 'content' && !open && (
          <Button leftSection={<IconFolderOpen size={18} />} onClick={() => setOpen(true)}>
            Open
          </Button>
        )}
      </OutcomeActions>
    </Stack>
  );
}

/** Why a payment is not (or no longer) paid. Failed, expired and cancelled attempts charged nothing. */
export type PaymentProblemKind = 'failed' | 'expired' | 'cancelled' | 'refunded' | 'charged_back';

const PROBLEMS: Record<PaymentProblemKind, { title: string; color: string; text: string; nothingCharged: boolean }> = {
  failed: { title: 'Payment failed', color: 'red', text: 'The payment did not go through.', nothingCharged: true },
  expired: {
    title: 'Checkout expired',
    color: 'orange',
    text: 'The checkout timed out before the payment was finished.',
    nothingCharged: true,
  },
  cancelled: {
    title: 'Payment cancelled',
    color: 'aqua',
    text: 'You left the payment page without paying.',
    nothingCharged: true,
  },
  refunded: {
    title: 'Payment refunded',
    color: 'aqua',
    text: 'This payment was refunded to you.',
    nothingCharged: false,
  },
  charged_back: {
    title: 'Payment reversed',
    color: 'orange',
    text: 'Your bank reversed this payment (a chargeback).',
    nothingCharged: false,
  },
};

export function PaymentProblem({
  kind,
  failureReason,
  children,
}: {
  kind: PaymentProblemKind;
  failureReason?: string | null;
  children: ReactNode;
}) {
  const problem = PROBLEMS[kind];
  return (
    <Stack gap="md">
      <Alert
        color={problem.color}
        variant="light"
        icon={kind === 'failed' ? <IconAlertCircle size={18} /> : <IconInfoCircle size={18} />}
        title={problem.title}
        // Orange's tinted title is 3.6:1 in the light scheme; the darker orange reads at AA (a declined card's expired checkout).
        classNames={problem.color === 'orange' ? { title: contrast.orangeOnTint } : undefined}
        role={kind === 'failed' ? 'alert' : 'status'}
      >
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {(kind === 'failed' && failureReason) || problem.text}
          </Text>
          {/* A checkout that timed out after a declined card: the fan learns why that card did not go through. */}
          {kind === 'expired' && failureReason && <Text size="sm">Your last attempt: {failureReason}</Text>}
          {problem.nothingCharged && <Text size="sm">Nothing was charged.</Text>}
        </Stack>
      </Alert>
      <OutcomeActions>{children}</OutcomeActions>
    </Stack>
  );
}

/** Waiting for the provider's word, with a line on what is going on. */
export function PaymentWaiting({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group gap="sm" role="status" wrap="nowrap" align="flex-start">
      <Loader size="sm" />
      <Stack gap={2}>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
