import { Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import { formatDate, formatMoney } from '@/shared/format';
import { purchaseTitle } from '../components/checkout/checkout-target';
import { LoadError } from '@/shared/ui/LoadError';
import { usePurchase } from '../hooks/use-purchase-queries';
import { cardLabel, hasReceipt, KIND_LABELS, METHOD_LABELS, STATUS_LABELS } from '../purchase-labels';
import type { PurchaseDto } from '../services/purchase-types';
import classes from './receipt.module.css';

const paymentMethod = (purchase: PurchaseDto) =>
  purchase.card ? cardLabel(purchase.card) : METHOD_LABELS[purchase.method];

function Receipt({ purchase }: { purchase: PurchaseDto }) {
  const rows: [string, string][] = [
    ['Merchant', BRAND],
    ['Date', formatDate(purchase.paidAt ?? purchase.createdAt)],
    ['Reference', purchase.id],
    ['Item', `${purchaseTitle(purchase)} (${KIND_LABELS[purchase.kind]})`],
    ['Store', purchase.storeName],
    ['Paid with', paymentMethod(purchase)],
    ['Status', STATUS_LABELS[purchase.status]],
  ];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.receipt}
      component="article"
      aria-label="Receipt"
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {BRAND}
          </Title>
          <Text c="dimmed" fw={600} tt="uppercase" size="sm">
            Receipt
          </Text>
        </Group>
        <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={6}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 100, sm: 140 }} c="dimmed" fw={500} bg="transparent">
                  {label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }} ff={label === 'Reference' ? 'monospace' : undefined}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text fw={700}>Total</Text>
          <Text fw={700} fz="xl">
            {formatMoney(purchase.amountMinor, purchase.currency)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          VAT: included where applicable
        </Text>
      </Stack>
    </Paper>
  );
}

function ReceiptBody({ purchaseId }: { purchaseId: string }) {
  const purchase = usePurchase(purchaseId);
  if (purchase.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the receipt" />
      </Center>
    );
  }
  if (purchase.isError) {
    return purchase.error instanceof ApiError && purchase.error.status === 404 ? (
      <Text>This receipt does not exist, or it belongs to another account.</Text>
    ) : (
      <LoadError title="The receipt could not be loaded" onRetry={() => void purchase.refetch()} />
    );
  }
  if (!hasReceipt(purchase.data.status)) return <Text>This payment has no receipt: it was not completed.</Text>;
  return (
    <Stack gap="md">
      <Receipt purchase={purchase.data} />
      <Group justify="flex-end">
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          Print receipt
        </Button>
      </Group>
    </Stack>
  );
}

/** /dashboard/billing/receipts/:id: one payment's receipt, laid out to print on its own. */
export function ReceiptPage() {
  usePageMeta({ title: 'Receipt', noindex: true });
  const { id = '' } = useParams();
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Anchor component={Link} to="/dashboard/billing" size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Billing & Payments
        </Group>
      </Anchor>
      <ReceiptBody purchaseId={id} />
    </Stack>
  );
}
