import { Anchor, Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '@/shared/format';
import { KIND_COLORS, KIND_LABELS, METHOD_LABELS, STATUS_COLORS, STATUS_LABELS } from '../../purchase-labels';
import type { PurchaseDto } from '../../services/purchase-types';

function ItemCell({ purchase }: { purchase: PurchaseDto }) {
  const store = (
    <Anchor
      component={Link}
      to={`/stores/${purchase.storeSlug}`}
      size="sm"
      c={purchase.contentTitle ? 'dimmed' : undefined}
    >
      {purchase.storeName}
    </Anchor>
  );
  if (!purchase.contentTitle) return store;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} lineClamp={2}>
        {purchase.contentTitle}
      </Text>
      {store}
    </Stack>
  );
}

/** The fan's purchases, newest first; paid content opens in a viewer. */
export function PurchasesTable({
  purchases,
  onOpen,
}: {
  purchases: PurchaseDto[];
  onOpen: (purchase: PurchaseDto) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Item or store</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchases.map((purchase) => (
            <Table.Tr key={purchase.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(purchase.createdAt)}</Table.Td>
              <Table.Td maw={280}>
                <ItemCell purchase={purchase} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={KIND_COLORS[purchase.kind]} tt="none">
                  {KIND_LABELS[purchase.kind]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(purchase.amountMinor, purchase.currency)}
              </Table.Td>
              <Table.Td>{METHOD_LABELS[purchase.method]}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[purchase.status]} tt="none">
                  {STATUS_LABELS[purchase.status]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {purchase.kind === 'content' && purchase.status === 'paid' && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconFolderOpen size={14} />}
                    onClick={() => onOpen(purchase)}
                    aria-label={`Open ${purchase.contentTitle ?? 'content'}`}
                  >
                    Open
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
