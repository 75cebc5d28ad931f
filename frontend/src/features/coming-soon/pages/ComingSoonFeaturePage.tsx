import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconBulb,
  IconChartLine,
  IconCreditCard,
  IconHeadset,
  IconMail,
  IconMessages,
  IconPhotoSpark,
  IconRobot,
  IconSparkles,
  IconTextRecognition,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import {
  COMING_SOON_HEADING,
  COMING_SOON_PAGES,
  LAUNCH_NEWS,
  SUPPORT_CONTACT,
  type ComingSoonKey,
} from '../coming-soon-content';
import marketing from '@/shared/ui/marketing.module.css';
import classes from './ComingSoonFeaturePage.module.css';

const PAGE_ICONS: Record<ComingSoonKey, Icon> = {
  support: IconHeadset,
  'ai-business-advisor': IconRobot,
  'ai-creator-studio': IconSparkles,
};

const FEATURE_ICONS: Record<string, Icon> = {
  tickets: IconMessages,
  account: IconUserShield,
  payments: IconCreditCard,
  analytics: IconChartLine,
  revenue: IconAdjustmentsDollar,
  recommendations: IconBulb,
  thumbnails: IconPhotoSpark,
  descriptions: IconTextRecognition,
};

/** Support Portal, AI Business Advisor and AI Creator Studio until they open (SPEC §2). */
export function ComingSoonFeaturePage({ page }: { page: ComingSoonKey }) {
  const { title, lead, featuresTitle, features } = COMING_SOON_PAGES[page];
  usePageMeta({ title, description: lead, noindex: true });
  const PageIcon = PAGE_ICONS[page];

  return (
    <Stack gap="xl" maw={960} mx="auto">
      <Card radius="lg" padding="xl" className={classes.hero}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <PageIcon size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Text component="p" m={0} fz={{ base: 20, sm: 24 }} fw={700} className={marketing.gradientText}>
            {COMING_SOON_HEADING}
          </Text>
          <Text c="dimmed" maw={560}>
            {lead}
          </Text>
        </Stack>
      </Card>

      <Stack gap="md" component="section" aria-labelledby="coming-soon-features-title">
        <Title order={2} fz={18} id="coming-soon-features-title">
          {featuresTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: features.length }} spacing="md">
          {features.map((feature) => {
            const FeatureIcon = FEATURE_ICONS[feature.id] ?? IconSparkles;
            return (
              <Card key={feature.id} withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  <ThemeIcon size={40} radius="md" variant="light" color="aqua">
                    <FeatureIcon size={22} />
                  </ThemeIcon>
                  <Title order={3} fz={16}>
                    {feature.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {feature.description}
                  </Text>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>

      {page === 'support' ? <SupportContact /> : <LaunchNews />}
    </Stack>
  );
}

function SupportContact() {
  const mailto = `mailto:${SUPPORT_CONTACT.email}?subject=${encodeURIComponent(SUPPORT_CONTACT.emailSubject)}`;
  return (
    <Card component="section" aria-labelledby="support-contact-title" withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz={18} id="support-contact-title">
          {SUPPORT_CONTACT.title}
        </Title>
        <Text size="sm" c="dimmed">
          {SUPPORT_CONTACT.text}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={SUPPORT_CONTACT.contactLink.to}>
            {SUPPORT_CONTACT.contactLink.label}
          </Button>
          <Button component="a" href={mailto} variant="default" leftSection={<IconMail size={16} />}>
            {SUPPORT_CONTACT.email}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LaunchNews() {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed">
          {LAUNCH_NEWS.text}
        </Text>
        <Button component={Link} to={LAUNCH_NEWS.link.to} variant="light">
          {LAUNCH_NEWS.link.label}
        </Button>
      </Group>
    </Card>
  );
}
