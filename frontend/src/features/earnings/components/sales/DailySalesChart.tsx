import { AreaChart } from '@mantine/charts';
import { Card, Stack, Text, Title } from '@mantine/core';
import type { SalesReport } from '../../services/earnings-types';
import { formatDayMonth, formatMoney } from '@/shared/format';
import classes from '../earnings.module.css';

/** Gross sales per day; amounts are charted in major units and labelled in the store's currency. */
export function DailySalesChart({ report }: { report: SalesReport }) {
  const { currency } = report;
  const data = report.daily.map((day) => ({
    day: formatDayMonth(day.date, undefined, 'short'),
    gross: day.grossMinor / 100,
    sales: day.count,
  }));
  const money = (major: number) => formatMoney(Math.round(major * 100), currency);
  const compact = new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact' });

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="daily-sales-title"
      className={classes.chart}
      h="100%"
    >
      <Stack gap="md">
        <Title id="daily-sales-title" order={2} fz={{ base: 18, sm: 20 }}>
          Daily sales
        </Title>
        {data.length === 0 ? (
          <Text c="dimmed">No sales in this period.</Text>
        ) : (
          <AreaChart
            h={240}
            data={data}
            dataKey="day"
            series={[{ name: 'gross', label: 'Gross sales', color: 'fanmint.5' }]}
            curveType="monotone"
            withDots={data.length <= 14}
            valueFormatter={money}
            yAxisProps={{ width: 56, tickFormatter: (value: number) => compact.format(value) }}
            xAxisProps={{ minTickGap: 16 }}
            gridAxis="y"
            role="img"
            aria-label={`Daily gross sales, ${data.length} days`}
          />
        )}
      </Stack>
    </Card>
  );
}
