import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { POLICY_CONSTANTS } from '../../../../content/site-facts';
import type { CurrencyBalance, Statement } from '../../services/earnings-types';
import { formatMoney } from '@/shared/format';
import { StatCard } from '@/shared/ui/StatCard';

/** SPEC §3: the Statements dashboard's three balances, in one currency at a time. */
export function BalanceCards({ statement }: { statement: Statement }) {
  const [currency, setCurrency] = useState(statement.currency);
  const balances = statement.balances.length > 0 ? statement.balances : [statement];
  const shown: CurrencyBalance = balances.find((entry) => entry.currency === currency) ?? balances[0] ?? statement;
  const money = (minor: number) => formatMoney(minor, shown.currency);

  return (
    <Stack gap="sm">
      {balances.length > 1 && (
        <Group gap="sm">
          <Text size="sm" fw={600} id="balance-currency-label">
            Currency
          </Text>
          <SegmentedControl
            aria-labelledby="balance-currency-label"
            data={balances.map((entry) => entry.currency)}
            value={shown.currency}
            onChange={setCurrency}
          />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <StatCard
          title="Pending Balance"
          value={money(shown.pendingMinor)}
          hint="Earnings not yet released: they move to Current Balance at the month-end close, or when a hold ends."
        />
        <StatCard
          title="Current Balance"
          value={money(shown.currentMinor)}
          hint={`Released and paid out on ${POLICY_CONSTANTS.payoutDay}.`}
        />
        <StatCard
          title="Adjustments"
          value={money(shown.adjustmentsMinor)}
          hint="Refunds and chargebacks after a payout, taken from your next payout."
        />
      </SimpleGrid>
    </Stack>
  );
}
