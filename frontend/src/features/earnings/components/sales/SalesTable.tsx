import { Box, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { Sale } from '../../services/earnings-types';
import { formatDate, formatMoney } from '@/shared/format';
import { LabelBadge } from '../LabelBadge';
import { DISPUTE_STAGE, METHOD_LABELS, SALE_KIND_LABELS, SALE_STATUS } from '../labels';
import { MobileRows } from '../MobileRows';
import classes from '../earnings.module.css';

/** Net is null for the few seconds before payouts books a sale. */
const netOf = (sale: Sale) => (sale.netMinor === null ? 'Pending' : formatMoney(sale.netMinor, sale.currency));

/** A tip's message, under its title. */
function TipMessage({ sale }: { sale: Sale }) {
  if (!sale.message) return null;
  return (
    <Text size="xs" fs="italic" style={{ overflowWrap: 'anywhere' }}>
      “{sale.message}”
    </Text>
  );
}

/** Where a charged-back sale's dispute stands, under its status: the money may still come back. */
function DisputeStage({ sale }: { sale: Sale }) {
  if (!sale.disputeStage) return null;
  return (
    <Text size="xs" c="dimmed">
      {DISPUTE_STAGE[sale.disputeStage]}
    </Text>
  );
}

export function SalesTable({ items }: { items: Sale[] }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sales-table-title">
      <Stack gap="md">
        <Title id="sales-table-title" order={2} fz={{ base: 18, sm: 20 }}>
          Sales
        </Title>
        <MobileRows
          label="Sales"
          rows={items.map((sale) => ({
            key: sale.id,
            title: (
              <Text size="sm" fw={600}>
                {sale.title}
              </Text>
            ),
            amount: formatMoney(sale.grossMinor, sale.currency),
            badge: <LabelBadge style={SALE_STATUS[sale.status]} />,
            meta: [
              `Net ${netOf(sale)}`,
              formatDate(sale.createdAt),
              SALE_KIND_LABELS[sale.kind],
              sale.buyer,
              METHOD_LABELS[sale.method] ?? sale.method,
            ].join(' · '),
            extra: (
              <>
                <DisputeStage sale={sale} />
                <TipMessage sale={sale} />
              </>
            ),
          }))}
        />
        <Box visibleFrom="sm">
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="sm" striped highlightOnHover aria-labelledby="sales-table-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((sale) => (
                  <Table.Tr key={sale.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(sale.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {sale.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {SALE_KIND_LABELS[sale.kind]}
                      </Text>
                      <TipMessage sale={sale} />
                    </Table.Td>
                    <Table.Td ff="monospace" fz="sm">
                      {sale.buyer}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.amount}>
                      {formatMoney(sale.grossMinor, sale.currency)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.amount}>
                      {netOf(sale)}
                    </Table.Td>
                    <Table.Td>{METHOD_LABELS[sale.method] ?? sale.method}</Table.Td>
                    <Table.Td>
                      <LabelBadge style={SALE_STATUS[sale.status]} />
                      <DisputeStage sale={sale} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      </Stack>
    </Card>
  );
}
