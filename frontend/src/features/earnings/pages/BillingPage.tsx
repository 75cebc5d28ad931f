import { Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import '../earnings-styles';
import { BalanceCards } from '../components/billing/BalanceCards';
import { EarningsExplainer } from '../components/billing/EarningsExplainer';
import { PayoutHistoryTable } from '../components/billing/PayoutHistoryTable';
import { PayoutMethodCard } from '../components/billing/PayoutMethodCard';
import { PayoutSchedule } from '../components/billing/PayoutSchedule';
import { TransactionsTable } from '../components/billing/TransactionsTable';
import { LoadError } from '@/shared/ui/LoadError';
import { NoStorePrompt } from '../components/NoStorePrompt';
import { useStatement } from '../hooks/use-payouts';
import { isNoStore } from '../services/no-store';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';

export function BillingPage() {
  usePageMeta({ title: 'Billing & Payments', noindex: true });
  const statement = useStatement();
  const noStore = statement.isError && isNoStore(statement.error);

  useEffect(() => {
    if (statement.isError && !noStore) console.error('Could not load the statement', statement.error);
  }, [statement.isError, statement.error, noStore]);

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <DashboardPageHeader title={'Billing & Payments'} description="Your balances, payouts and where they are sent." />
      {statement.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading your statement" />
        </Center>
      ) : noStore ? (
        <NoStorePrompt />
      ) : statement.isError ? (
        <LoadError title="Your statement could not be loaded" onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <BalanceCards statement={statement.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="lg">
              <PayoutSchedule statement={statement.data} />
              <EarningsExplainer />
            </Stack>
            <PayoutMethodCard defaultCurrency={statement.data.currency} />
          </SimpleGrid>
          <TransactionsTable />
          <PayoutHistoryTable />
        </>
      )}
    </Stack>
  );
}
