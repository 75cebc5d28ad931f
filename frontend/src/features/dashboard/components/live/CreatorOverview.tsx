import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingBank,
  IconBuildingStore,
  IconChartBar,
  IconExternalLink,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '@/shared/format';
import contrast from '@/shared/ui/contrast.module.css';
import type { CreatorSummary } from '../../services/dashboard-summary.service';
import { StatCard } from '@/shared/ui/StatCard';
import { payoutRhythm } from './hold-sentence';

const SHORTCUTS = [
  { label: 'Upload a video', to: '/dashboard/my-videos', icon: IconVideo },
  { label: 'Create a photo album', to: '/dashboard/photo-albums', icon: IconPhoto },
  { label: 'Sales', to: '/dashboard/sales', icon: IconChartBar },
  { label: 'Payouts', to: '/dashboard/billingandpayments', icon: IconBuildingBank },
  { label: 'Store Settings', to: '/dashboard/mystoresettings', icon: IconBuildingStore },
] as const;

function NextPayoutFigure({ creator }: { creator: CreatorSummary }) {
  const money = (minor: number) => formatMoney(minor, creator.currency);
  const { nextPayout } = creator;
  return (
    <StatCard
      id="figure-next-payout"
      title="Next payout"
      value={nextPayout ? money(nextPayout.amountMinor) : 'None due yet'}
      hint={nextPayout ? `On ${formatDate(nextPayout.on)}` : 'Your next sale starts the clock.'}
    />
  );
}

function ReviewStatus({ content }: { content: CreatorSummary['content'] }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="content-status-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="content-status-title">
          Your content
        </Title>
        <Group gap="sm">
          <Badge size="lg" variant="light" color="teal" tt="none" classNames={{ label: contrast.tealOnTint }}>
            {content.approved} live
          </Badge>
          <Badge size="lg" variant="light" color="blue" tt="none">
            {content.inReview} in review
          </Badge>
          <Badge size="lg" variant="light" color={content.rejected > 0 ? 'red' : 'gray'} tt="none">
            {content.rejected} rejected
          </Badge>
          {content.drafts > 0 && (
            <Badge size="lg" variant="light" color="gray" tt="none">
              {content.drafts} drafts
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {content.rejected > 0
            ? 'A rejected item shows the moderator’s reason: change it and submit it again.'
            : content.inReview > 0
              ? 'Moderators review new items before they go live in your store.'
              : 'Everything you submitted has been reviewed.'}
        </Text>
      </Stack>
    </Card>
  );
}

/** A creator's month: earnings, what is pending, the next payout that pays, subscribers and review status. */
export function CreatorOverview({ creator }: { creator: CreatorSummary }) {
  const money = (minor: number) => formatMoney(minor, creator.currency);
  return (
    <Stack gap="lg" component="section" aria-label="Your store">
      {!creator.store && (
        <Alert
          color="fanmint"
          variant="light"
          icon={<IconBuildingStore size={18} />}
          title="Open your store"
          className={contrast.tintedAlert}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">You are verified. Choose your store’s name and address to start selling.</Text>
            <Button component={Link} to="/dashboard/mystoresettings" size="sm">
              Set up my store
            </Button>
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          id="figure-month-earnings"
          title="Earnings this month"
          value={money(creator.monthNetMinor)}
          hint={`Your share of ${money(creator.monthGrossMinor)} in sales`}
        />
        <StatCard id="figure-pending" title="Pending" value={money(creator.pendingMinor)} hint="Not yet payable" />
        <NextPayoutFigure creator={creator} />
        <StatCard
          id="figure-new-subscribers"
          title="New subscribers"
          value={creator.newSubscribers}
          hint={`This month · ${creator.activeSubscribers} active in all`}
        />
      </SimpleGrid>
      <Text size="sm">{payoutRhythm(creator)}</Text>
      {!creator.payoutMethodSet && creator.nextPayout && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} className={contrast.tintedAlert}>
          <Text size="sm">
            Add a payout method before {formatDate(creator.nextPayout.on)} to be paid then.{' '}
            <Anchor component={Link} to="/dashboard/billingandpayments" size="sm" fw={600} underline="always">
              Add a payout method
            </Anchor>
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ReviewStatus content={creator.content} />
        <Card withBorder radius="lg" padding="lg" component="nav" aria-labelledby="shortcuts-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="shortcuts-title">
              Shortcuts
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {SHORTCUTS.map(({ label, to, icon: Icon }) => (
                <Button
                  key={to}
                  component={Link}
                  to={to}
                  variant="default"
                  justify="flex-start"
                  leftSection={<Icon size={18} />}
                >
                  {label}
                </Button>
              ))}
              {creator.store && (
                <Button
                  component={Link}
                  to={`/stores/${creator.store.slug}`}
                  variant="default"
                  justify="flex-start"
                  leftSection={<IconExternalLink size={18} />}
                >
                  View my store
                </Button>
              )}
            </SimpleGrid>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
