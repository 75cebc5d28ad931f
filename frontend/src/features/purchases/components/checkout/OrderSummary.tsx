import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What is paid for, from which store, and the amount: above the checkout form and on the return page. */
export function OrderSummary({
  title,
  detail,
  amount,
  children,
}: {
  title: string;
  detail: string;
  amount: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" aria-label="Order summary" component="section">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </Stack>
          <Text fw={700} fz="lg" style={{ flexShrink: 0 }} data-testid="checkout-amount">
            {amount}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
