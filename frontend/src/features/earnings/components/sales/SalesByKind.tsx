import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { SaleKind, SalesReport } from '../../services/earnings-types';
import { formatMoney } from '@/shared/format';
import { SALE_KIND_LABELS } from '../labels';

const KINDS: SaleKind[] = ['content', 'subscription', 'tip'];
/** Message sales (unlocked messages, price per message) are listed once a store has some. */
const MESSAGE_KINDS: SaleKind[] = ['message', 'message_fee'];

/** Every kind is listed, a kind without sales as zero, so the three always line up. */
export function SalesByKind({ report }: { report: SalesReport }) {
  const total = report.totals.grossMinor;
  const kinds = [
    ...KINDS,
    ...MESSAGE_KINDS.filter((kind) => report.byKind.some((entry) => (entry.kind as SaleKind) === kind)),
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="by-kind-title" h="100%">
      <Stack gap="md">
        <Title id="by-kind-title" order={2} fz={{ base: 18, sm: 20 }}>
          By kind
        </Title>
        {kinds.map((kind) => {
          const row = report.byKind.find((entry) => (entry.kind as SaleKind) === kind) ?? { grossMinor: 0, count: 0 };
          const share = total > 0 ? Math.round((row.grossMinor / total) * 100) : 0;
          return (
            <Stack key={kind} gap={6} data-testid={`kind-${kind}`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600}>{SALE_KIND_LABELS[kind]}</Text>
                <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(row.grossMinor, report.currency)}
                </Text>
              </Group>
              <Progress value={share} size="sm" aria-label={`${SALE_KIND_LABELS[kind]}: ${share}% of gross sales`} />
              <Text size="xs" c="dimmed">
                {row.count === 1 ? '1 sale' : `${row.count} sales`} · {share}%
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
