import { Badge, Button, Center, Flex, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '@/shared/format';
import { usePurchaseHistory } from '../../hooks/use-purchase-queries';
import { hasReceipt, STATUS_COLORS, STATUS_LABELS } from '../../purchase-labels';
import type { PurchaseDto } from '../../services/purchase-types';
import { purchaseTitle } from '../checkout/checkout-target';
import { EmptyState } from '../EmptyState';
import { LoadError } from '@/shared/ui/LoadError';
import { LoadMore } from '../LoadMore';
import { PageSection } from '../PageSection';

function ReceiptRow({ purchase }: { purchase: PurchaseDto }) {
  const title = purchaseTitle(purchase);
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={title}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="sm"
      >
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {purchase.storeName} · {formatDate(purchase.paidAt ?? purchase.createdAt)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            Ref. {purchase.id}
          </Text>
        </Stack>
        <Group gap="sm" justify="space-between" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700}>{formatMoney(purchase.amountMinor, purchase.currency)}</Text>
            <Badge variant="light" color={STATUS_COLORS[purchase.status]} tt="none">
              {STATUS_LABELS[purchase.status]}
            </Badge>
          </Group>
          <Button
            component={Link}
            to={`/dashboard/billing/receipts/${encodeURIComponent(purchase.id)}`}
            variant="light"
            size="xs"
            leftSection={<IconReceipt size={14} />}
            aria-label={`Receipt for ${title}`}
          >
            Receipt
          </Button>
        </Group>
      </Flex>
    </Paper>
  );
}

/** The receipts of the fan's payments, newest first, from the purchase history (paged by its cursor). */
export function ReceiptsSection() {
  const history = usePurchaseHistory();
  let body;
  if (history.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading your receipts" />
      </Center>
    );
  } else if (history.isError) {
    body = <LoadError title="Your receipts could not be loaded" onRetry={() => void history.refetch()} />;
  } else {
    const receipts = history.data.pages.flatMap((page) => page.items).filter((purchase) => hasReceipt(purchase.status));
    body = (
      <Stack gap="sm">
        {receipts.length === 0 ? (
          <EmptyState icon={IconReceipt} title="No receipts yet">
            Every payment you make gets a receipt here.
          </EmptyState>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {receipts.map((purchase) => (
              <ReceiptRow key={purchase.id} purchase={purchase} />
            ))}
          </Stack>
        )}
        <LoadMore list={history} />
      </Stack>
    );
  }
  return (
    <PageSection id="receipts-title" title="Receipts">
      {body}
    </PageSection>
  );
}
