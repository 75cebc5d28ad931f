import { Button, Container, Stack, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconCoins,
  IconHeartHandshake,
  IconMap2,
  IconShieldCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LAUNCH_QUARTER, REVENUE_SPLIT, TARGETS_QUARTER } from '../../../content/site-facts';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import { CtaBand } from '@/shared/ui/CtaBand';
import { IconCardGrid, type IconCardItem } from '@/shared/ui/IconCard';
import { MarketingSection } from '@/shared/ui/MarketingSection';
import { PageHero } from '@/shared/ui/PageHero';
import { RoadmapTimeline } from '../components/RoadmapTimeline';
import { TargetsGrid } from '../components/TargetsGrid';
import { ROADMAP } from '../roadmap-entries';

const PILLARS: IconCardItem[] = [
  {
    icon: IconShieldCheck,
    title: 'Creators own their store',
    text: 'A free branded store with its own URL, verified creators only, and every upload reviewed before it goes live.',
  },
  {
    icon: IconCoins,
    title: 'Fair, transparent earnings',
    text: `Creators keep ${REVENUE_SPLIT.fiat.creator}% of fiat sales and ${REVENUE_SPLIT.token.creator}% of token sales, paid out monthly in local currency or crypto.`,
  },
  {
    icon: IconHeartHandshake,
    title: 'Fans who share in growth',
    text: `Fans earn a ${REVENUE_SPLIT.referralCommissionPercent}% referral commission from the platform share and token rewards for taking part.`,
  },
];

export function RoadmapPage() {
  usePageMeta({
    title: 'Roadmap',
    description: `From our founding to the ${LAUNCH_QUARTER} platform launch and ${TARGETS_QUARTER} targets: see each ${BRAND} milestone, what is done and what is in progress.`,
    keywords: ['roadmap', 'platform launch', 'creator platform', 'token IDO', 'development timeline', BRAND],
  });

  return (
    <>
      <PageHero
        eyebrow="Roadmap"
        icon={<IconMap2 size={16} />}
        title={
          <>
            Where {BRAND} is{' '}
            <Text span inherit c="fanmint">
              headed
            </Text>
          </>
        }
        lead={`From our founding in October 2023 to the full platform launch in ${LAUNCH_QUARTER} and our targets for ${TARGETS_QUARTER}: every milestone, and where we are today.`}
      >
        <Button component={Link} to="/signup" size="md" leftSection={<IconUserPlus size={18} />}>
          Join Early Sign-Up
        </Button>
        <Button
          component={Link}
          to="/official-token"
          size="md"
          variant="default"
          rightSection={<IconArrowRight size={18} />}
        >
          Official Token
        </Button>
      </PageHero>

      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Stack gap={96}>
          <MarketingSection
            id="vision-title"
            eyebrow="Our vision"
            title="A creator economy that pays creators first"
            description={`${BRAND} gives every creator a store they own and a community that grows with them, with the rules, splits and plans published up front.`}
          >
            <IconCardGrid items={PILLARS} cols={{ base: 1, sm: 3 }} size="lg" color="aqua" />
          </MarketingSection>

          <MarketingSection
            id="targets-title"
            eyebrow="Targets"
            title={`Our targets for ${TARGETS_QUARTER}`}
            description="Three numbers we measure ourselves against."
          >
            <TargetsGrid />
          </MarketingSection>

          <MarketingSection
            id="timeline-title"
            eyebrow="Development timeline"
            title="Milestones, step by step"
            description="Dates are plans and may change; our official channels announce every update first."
          >
            <RoadmapTimeline milestones={ROADMAP} />
          </MarketingSection>

          <CtaBand
            id="roadmap-cta-title"
            title="Be there from day one"
            text="Early members get first access at launch and can take part in the community airdrop."
          >
            <Button component={Link} to="/signup" size="md" leftSection={<IconUserPlus size={18} />}>
              Sign Up Early
            </Button>
            <Button component={Link} to="/official-social-channels" size="md" variant="default">
              Follow Our Channels
            </Button>
            <Button component={Link} to="/official-token" size="md" variant="default">
              Explore the Token
            </Button>
          </CtaBand>
        </Stack>
      </Container>
    </>
  );
}
