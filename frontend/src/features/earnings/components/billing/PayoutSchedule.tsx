import { Badge, Stack, Text } from '@mantine/core';
import { IconCalendarDollar } from '@tabler/icons-react';
import contrast from '../../../auth/components/contrast.module.css';
import { SectionCard } from '../../../two-factor/components/SectionCard';
import type { Statement } from '../../services/earnings-types';
import { formatDay } from '../../services/format';

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
            <Text>{statement.holdReason}</Text>
            {statement.heldUntil && (
              <Text size="sm">
                Held until <strong>{formatDay(statement.heldUntil)}</strong>
              </Text>
            )}
          </>
        ) : (
          <Text>Paid on the last calendar day of each month</Text>
        )}
        <Text size="sm">
          Next payout: <strong>{formatDay(statement.nextPayoutOn)}</strong>
        </Text>
      </Stack>
    </SectionCard>
  );
}
