import { SimpleGrid } from '@mantine/core';
import type { SalesReport } from '../../services/earnings-types';
import { formatMoney } from '@/shared/format';
import { StatCard } from '@/shared/ui/StatCard';

export function SalesSummary({ report }: { report: SalesReport }) {
  const { totals, currency } = report;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <StatCard title="Gross sales" value={formatMoney(totals.grossMinor, currency)} hint="Before the platform share" />
      <StatCard
        title="Net earnings"
        value={formatMoney(totals.netMinor, currency)}
        hint="Your share after the platform's split"
      />
      <StatCard title="Number of sales" value={totals.count.toLocaleString()} />
      <StatCard title="Refunded" value={formatMoney(totals.refundedMinor, currency)} hint="Refunds and chargebacks" />
    </SimpleGrid>
  );
}
