import { Box, Button, Center, Flex, Loader, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { SectionCard } from '@/shared/ui/SectionCard';
import { useTransactions } from '../../hooks/use-payouts';
import type { LedgerTransaction } from '../../services/earnings-types';
import { formatDate, formatMoney } from '@/shared/format';
import { PAYOUTS_EXPORT_PATH } from '../../services/payouts.service';
import { ExportCsvButton } from '../ExportCsvButton';
import { LabelBadge } from '../LabelBadge';
import { TRANSACTION_KIND } from '../labels';
import { LoadError } from '@/shared/ui/LoadError';
import { MobileRows } from '../MobileRows';
import classes from '../earnings.module.css';

function signed(transaction: LedgerTransaction) {
  const text = formatMoney(transaction.amountMinor, transaction.currency);
  return transaction.amountMinor > 0 ? `+${text}` : text;
}

const signClass = (minor: number) => (minor > 0 ? classes.positive : minor < 0 ? classes.negative : '');
// A sale stays booked on Pending; once a month-end run released it, it is no longer held.
const isReleased = (transaction: LedgerTransaction) =>
  transaction.balance === 'pending' && transaction.status === 'released';
const isHeld = (transaction: LedgerTransaction) =>
  transaction.balance === 'pending' && Boolean(transaction.holdReason) && !isReleased(transaction);
/** When a line's money can be paid, and which month-end close pays it. */
function payableText(transaction: LedgerTransaction): string | null {
  if (!transaction.releaseOn) return null;
  if (transaction.payoutOn)
    return `Payable ${formatDate(transaction.releaseOn)}, paid out ${formatDate(transaction.payoutOn)}`;
  return `Payable ${formatDate(transaction.releaseOn)}`;
}

const balanceLabel = (transaction: LedgerTransaction) =>
  isReleased(transaction) ? 'Released' : transaction.balance === 'pending' ? 'Pending' : 'Current';

function mobileRow(transaction: LedgerTransaction) {
  return {
    key: transaction.id,
    title: <Text size="sm">{transaction.description}</Text>,
    amount: <span className={signClass(transaction.amountMinor)}>{signed(transaction)}</span>,
    badge: <LabelBadge style={TRANSACTION_KIND[transaction.kind]} />,
    meta: [formatDate(transaction.occurredAt), balanceLabel(transaction), payableText(transaction)]
      .filter(Boolean)
      .join(' · '),
    extra: isHeld(transaction) && (
      <Text size="xs" c="dimmed">
        Why held: {transaction.holdReason}
      </Text>
    ),
  };
}

function TransactionRow({ transaction }: { transaction: LedgerTransaction }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(transaction.occurredAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{transaction.description}</Text>
        {isHeld(transaction) && (
          <Text size="xs" c="dimmed">
            Why held: {transaction.holdReason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <LabelBadge style={TRANSACTION_KIND[transaction.kind]} />
      </Table.Td>
      <Table.Td ta="right" fw={600} className={`${classes.amount} ${signClass(transaction.amountMinor)}`}>
        {signed(transaction)}
      </Table.Td>
      <Table.Td>{balanceLabel(transaction)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {transaction.releaseOn ? formatDate(transaction.releaseOn) : '—'}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {transaction.payoutOn ? formatDate(transaction.payoutOn) : '—'}
      </Table.Td>
    </Table.Tr>
  );
}

export function TransactionsTable() {
  const transactions = useTransactions();
  const rows = transactions.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SectionCard
      icon={<IconArrowsExchange size={22} />}
      title="Transactions"
      description="Every sale, release, refund, chargeback and payout, with its effect on your balances."
      badge={<ExportCsvButton path={PAYOUTS_EXPORT_PATH} fileName="transactions.csv" />}
    >
      {transactions.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading transactions" />
        </Center>
      ) : transactions.isError && rows.length === 0 ? (
        <LoadError title="Your transactions could not be loaded" onRetry={() => void transactions.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No transactions yet. Your first sale will show here.</Text>
      ) : (
        <Stack gap="md">
          <MobileRows label="Transactions" rows={rows.map(mobileRow)} />
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={860} type="native">
              <Table verticalSpacing="sm" striped aria-label="Transactions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Balance</Table.Th>
                    <Table.Th>Payable on</Table.Th>
                    <Table.Th>Paid out on</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((transaction) => (
                    <TransactionRow key={transaction.id} transaction={transaction} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
          {transactions.hasNextPage && (
            <Flex justify="center">
              <Button
                variant="light"
                loading={transactions.isFetchingNextPage}
                onClick={() => void transactions.fetchNextPage()}
              >
                Load more
              </Button>
            </Flex>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
