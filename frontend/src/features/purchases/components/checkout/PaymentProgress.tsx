import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFolderOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { purchaseKeys, usePurchaseStatus } from '../../hooks/use-purchase-queries';
import type { PurchaseDto } from '../../services/purchase-types';
import { PurchasedContent } from '../PurchasedContent';
import { CryptoDetails } from './CryptoDetails';

const PAID_TEXT = {
  content: 'It is yours: open it here or later from your purchase history.',
  subscription: 'Your subscription is active. Manage it in your purchase history.',
  tip: 'Thank you! Your tip is on its way to the creator.',
} as const;

/** After the POST: polls until the provider confirms or refuses, then shows the result. */
export function PaymentProgress({ purchase, onRetry, onClose }: { purchase: PurchaseDto; onRetry: () => void; onClose: () => void }) {
  const status = usePurchaseStatus(purchase);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const current = status.data ?? purchase;

  useEffect(() => {
    if (current.status !== 'paid') return;
    // The store's Buy buttons turn into Open (a subscription also unlocks a subscribers-only store), and the history shows the new row.
    void client.invalidateQueries({ queryKey: ['storefront', 'content'] });
    void client.invalidateQueries({ queryKey: ['storefront', 'store'] });
    void client.invalidateQueries({ queryKey: purchaseKeys.all });
  }, [current.status, client]);

  if (current.status === 'pending') {
    return (
      <Stack gap="md">
        {current.method === 'crypto' && current.crypto && <CryptoDetails crypto={current.crypto} />}
        <Group gap="sm" role="status" wrap="nowrap">
          <Loader size="sm" />
          <Text fw={600}>Waiting for payment confirmation…</Text>
        </Group>
      </Stack>
    );
  }
  if (current.status === 'paid') {
    return (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" role="status">
          <ThemeIcon color="green" variant="light" radius="xl" size="lg">
            <IconCircleCheck size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={700}>Payment confirmed</Text>
            <Text size="sm" c="dimmed">
              {PAID_TEXT[current.kind]}
            </Text>
          </Stack>
        </Group>
        {open && <PurchasedContent purchaseId={current.id} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {current.kind === 'content' && !open && (
            <Button leftSection={<IconFolderOpen size={18} />} onClick={() => setOpen(true)}>
              Open
            </Button>
          )}
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Payment failed" role="alert">
        <Text size="sm" c="red" fw={500}>
          {current.failureReason ?? (current.status === 'failed' ? 'The payment did not go through.' : 'This payment was reversed.')}
        </Text>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry}>Try again</Button>
      </Group>
    </Stack>
  );
}
