import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { REVENUE_SPLIT } from '../../../../content/site-facts';
import type { DashboardSummary } from '../../services/dashboard-summary.service';

const COPY = {
  processing: {
    text: 'We are checking your ID. Your Creator Section opens as soon as it is accepted.',
    action: 'View verification status',
  },
  rejected: {
    text: 'Your last verification was not accepted. Check your email for the reason and try again.',
    action: 'Try verification again',
  },
  start: {
    text: `Open a free branded store, sell videos, photo albums and subscriptions, and keep up to ${REVENUE_SPLIT.token.creator}% of every sale. It starts with a quick ID check.`,
    action: 'Become a creator',
  },
} as const;

/** A fan's way into the Creator Section: identity verification first (SPEC §5: creators verify before uploading). */
export function BecomeCreatorCard({ status }: { status: DashboardSummary['verificationStatus'] }) {
  const copy = status === 'processing' ? COPY.processing : status === 'rejected' ? COPY.rejected : COPY.start;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="become-creator-title">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" visibleFrom="xs">
          <IconBuildingStore size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1 }}>
          <Title order={2} size="h4" id="become-creator-title">
            Sell on your own store
          </Title>
          <Text size="sm">{copy.text}</Text>
          <Button
            component={Link}
            to="/dashboard/verification"
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          >
            {copy.action}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}
