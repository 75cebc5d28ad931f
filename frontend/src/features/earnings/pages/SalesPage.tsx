import { Card, Center, Flex, Grid, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import '../earnings-styles';
import { ActivityPanel } from '../components/activity/ActivityPanel';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { LoadError } from '@/shared/ui/LoadError';
import { NoStorePrompt } from '../components/NoStorePrompt';
import { DailySalesChart } from '../components/sales/DailySalesChart';
import { SalesByKind } from '../components/sales/SalesByKind';
import { SalesSummary } from '../components/sales/SalesSummary';
import { SalesTable } from '../components/sales/SalesTable';
import { useSales } from '../hooks/use-sales';
import type { SalesReport } from '../services/earnings-types';
import { isNoStore } from '../services/no-store';
import { SALES_EXPORT_PATH, SALES_PERIODS, type SalesPeriod } from '../services/sales.service';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';

const PERIOD_OPTIONS = SALES_PERIODS.map((days) => ({ value: String(days), label: `${days} days` }));

function EmptySales() {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="center" gap="xs" ta="center">
        <IconChartBar size={36} stroke={1.5} aria-hidden />
        <Title order={2} fz={20}>
          No sales yet
        </Title>
        <Text c="dimmed" maw={440}>
          Sales of your content, subscriptions and tips in this period will show here. Try a longer period, or share
          your store link with your fans.
        </Text>
      </Stack>
    </Card>
  );
}

function SalesReportView({ report }: { report: SalesReport }) {
  if (report.totals.count === 0 && report.items.length === 0) return <EmptySales />;
  return (
    <>
      <SalesSummary report={report} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} miw={0}>
          <DailySalesChart report={report} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SalesByKind report={report} />
        </Grid.Col>
      </Grid>
      {report.items.length > 0 && <SalesTable items={report.items} />}
    </>
  );
}

export function SalesPage() {
  usePageMeta({ title: 'Sales Dashboard', noindex: true });
  const [period, setPeriod] = useState<SalesPeriod>(30);
  const sales = useSales(period);
  const noStore = sales.isError && isNoStore(sales.error);

  useEffect(() => {
    if (sales.isError && !noStore) console.error('Could not load sales', sales.error);
  }, [sales.isError, sales.error, noStore]);

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <DashboardPageHeader
        title="Sales Dashboard"
        description="What your store sold, day by day, and what was refunded."
      />
      {noStore ? (
        <NoStorePrompt />
      ) : (
        <>
          <ActivityPanel />
          <Flex
            gap="sm"
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            direction={{ base: 'column', sm: 'row' }}
          >
            <SegmentedControl
              aria-label="Period"
              data={PERIOD_OPTIONS}
              value={String(period)}
              onChange={(value) => setPeriod(Number(value) as SalesPeriod)}
            />
            <ExportCsvButton path={SALES_EXPORT_PATH} fileName="sales.csv" />
          </Flex>
          {sales.isPending ? (
            <Center py="xl">
              <Loader aria-label="Loading sales" />
            </Center>
          ) : sales.isError ? (
            <LoadError title="Your sales could not be loaded" onRetry={() => void sales.refetch()} />
          ) : (
            <SalesReportView report={sales.data} />
          )}
        </>
      )}
    </Stack>
  );
}
