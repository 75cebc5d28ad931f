import { List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { POLICY_CONSTANTS, REVENUE_SPLIT } from '../../../../content/site-facts';
import { SectionCard } from '@/shared/ui/SectionCard';

const { fiat, token } = REVENUE_SPLIT;
const { pendingHoldDays, cleanHistoryMonths, payoutDay } = POLICY_CONSTANTS;

/** SPEC §4, §6, §9: how a sale becomes a payout. */
export function EarningsExplainer() {
  return (
    <SectionCard icon={<IconInfoCircle size={22} />} title="How your earnings work">
      <List size="sm" spacing={6}>
        <List.Item>
          <Text size="sm">
            Card and bank (fiat) sales: {fiat.creator}% to you. Token sales: {token.creator}% to you.
          </Text>
        </List.Item>
        <List.Item>
          <Text size="sm">
            New or high-risk creators&apos; earnings are held {pendingHoldDays} days. After {cleanHistoryMonths} months
            of clean history, payouts are monthly, on {payoutDay}.
          </Text>
        </List.Item>
        <List.Item>
          <Text size="sm">
            Refunds and chargebacks before a payout come off your Pending Balance; after a payout, off your next payout
            (Adjustments).
          </Text>
        </List.Item>
      </List>
    </SectionCard>
  );
}
