import { Box, Center, Loader, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { SectionCard } from '@/shared/ui/SectionCard';
import { usePayoutHistory } from '../../hooks/use-payouts';
import { formatDate, formatMoney, formatMonth } from '@/shared/format';
import { LabelBadge } from '../LabelBadge';
import { METHOD_LABELS, PAYOUT_STATUS } from '../labels';
import { LoadError } from '@/shared/ui/LoadError';
import { MobileRows } from '../MobileRows';
import classes from '../earnings.module.css';

export function PayoutHistoryTable() {
  const history = usePayoutHistory();
  const items = history.data?.items ?? [];

  return (
    <SectionCard
      icon={<IconHistory size={22} />}
      title="Payout history"
      description="Your monthly payouts and where they went."
    >
      {history.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading payout history" />
        </Center>
      ) : history.isError ? (
        <LoadError title="Your payout history could not be loaded" onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">No payouts yet.</Text>
      ) : (
        <>
          <MobileRows
            label="Payout history"
            rows={items.map((payout) => ({
              key: payout.id,
              title: (
                <Text size="sm" fw={600}>
                  {formatMonth(payout.period)}
                </Text>
              ),
              amount: formatMoney(payout.amountMinor, payout.currency),
              badge: <LabelBadge style={PAYOUT_STATUS[payout.status]} />,
              meta: [
                METHOD_LABELS[payout.method] ?? payout.method,
                payout.destination,
                payout.paidAt ? `Paid ${formatDate(payout.paidAt)}` : null,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={680} type="native">
              <Table verticalSpacing="sm" striped aria-label="Payout history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Period</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Destination</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Paid</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((payout) => (
                    <Table.Tr key={payout.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(payout.period)}</Table.Td>
                      <Table.Td ta="right" fw={600} className={classes.amount}>
                        {formatMoney(payout.amountMinor, payout.currency)}
                      </Table.Td>
                      <Table.Td>{METHOD_LABELS[payout.method] ?? payout.method}</Table.Td>
                      <Table.Td ff="monospace" fz="sm">
                        {payout.destination}
                      </Table.Td>
                      <Table.Td>
                        <LabelBadge style={PAYOUT_STATUS[payout.status]} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {payout.paidAt ? formatDate(payout.paidAt) : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
        </>
      )}
    </SectionCard>
  );
}
