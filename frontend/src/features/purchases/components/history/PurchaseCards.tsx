import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '@/shared/format';
import { KIND_COLORS, KIND_LABELS, METHOD_LABELS, STATUS_COLORS, STATUS_LABELS } from '../../purchase-labels';
import type { PurchaseDto } from '../../services/purchase-types';

/** The purchase history on phones: one card per purchase instead of a table scrolled sideways. */
export function PurchaseCards({
  purchases,
  onOpen,
}: {
  purchases: PurchaseDto[];
  onOpen: (purchase: PurchaseDto) => void;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {purchases.map((purchase) => (
        <Card key={purchase.id} component="li" withBorder radius="md" padding="sm">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                {purchase.contentTitle && (
                  <Text fw={600} size="sm" lineClamp={2}>
                    {purchase.contentTitle}
                  </Text>
                )}
                <Anchor component={Link} to={`/stores/${purchase.storeSlug}`} size="sm">
                  {purchase.storeName}
                </Anchor>
              </Stack>
              <Text fw={700} style={{ flexShrink: 0 }}>
                {formatMoney(purchase.amountMinor, purchase.currency)}
              </Text>
            </Group>
            <Group gap={6}>
              <Badge variant="light" color={KIND_COLORS[purchase.kind]} tt="none">
                {KIND_LABELS[purchase.kind]}
              </Badge>
              <Badge variant="light" color={STATUS_COLORS[purchase.status]} tt="none">
                {STATUS_LABELS[purchase.status]}
              </Badge>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {formatDate(purchase.createdAt)} · {METHOD_LABELS[purchase.method]}
              </Text>
              {purchase.kind === 'content' && purchase.status === 'paid' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconFolderOpen size={14} />}
                  onClick={() => onOpen(purchase)}
                >
                  Open
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
