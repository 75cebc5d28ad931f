import { Badge, Stack, Text } from '@mantine/core';
import { IconCalendarDollar } from '@tabler/icons-react';
import contrast from '@/shared/ui/contrast.module.css';
import { SectionCard } from '@/shared/ui/SectionCard';
import type { Statement } from '../../services/earnings-types';
import { POLICY_CONSTANTS } from '../../../../content/site-facts';
import { formatDate, formatMoney } from '@/shared/format';

export function PayoutSchedule({ statement }: { statement: Statement }) {
  const held = statement.schedule === 'held';
  return (
    <SectionCard
      icon={<IconCalendarDollar size={22} />}
      title="Payout schedule"
      badge={
        <Badge
          color={held ? 'orange' : 'teal'}
          variant="light"
          tt="none"
          classNames={{ label: held ? contrast.orangeOnTint : contrast.tealOnTint }}
        >
          {held ? 'Earnings on hold' : 'Monthly'}
        </Badge>
      }
    >
      <Stack gap="xs">
        {held ? (
          <>
            <Text>
              Each sale waits {POLICY_CONSTANTS.pendingHoldDays} days before it can be paid out, a safeguard against
              chargebacks while your account is new, and then goes out with the next month-end payout.
            </Text>
            <Text size="sm" c="dimmed">
              {statement.holdReason}
            </Text>
            {statement.heldUntil && (
              <Text size="sm">
                Monthly payouts without the wait from <strong>{formatDate(statement.heldUntil)}</strong>
              </Text>
            )}
          </>
        ) : (
          <Text>Paid on the last calendar day of each month</Text>
        )}
        <Text size="sm">
          {statement.nextPayoutOn ? (
            <>
              Next payout: <strong>{formatMoney(statement.nextPayoutMinor, statement.currency)}</strong> on{' '}
              <strong>{formatDate(statement.nextPayoutOn)}</strong>
            </>
          ) : (
            'Next payout: none due yet. Earnings become payable after their hold, then go out at the month-end close.'
          )}
        </Text>
      </Stack>
    </SectionCard>
  );
}
