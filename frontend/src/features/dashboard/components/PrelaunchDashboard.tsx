import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRocket, IconTool } from '@tabler/icons-react';
import { SOCIAL_LINKS } from '../../../lib/site';
import { SOCIAL_ICONS } from '@/features/layout';
import { FeatureTile } from './FeatureTile';
import { prelaunchNav } from '../dashboard-nav';

/** SPEC §2 "Dashboard home", exactly: the pre-launch page with its demo tiles. */
export function PrelaunchDashboard() {
  const groups = prelaunchNav().map((group) => ({
    ...group,
    items: group.items.filter((item) => item.to !== '/dashboard'),
  }));

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Card
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-fanmint-8) 0%, var(--mantine-color-fanmint-6) 55%, var(--mantine-color-aqua-7) 100%)',
          color: 'white',
        }}
      >
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={56} radius="xl" color="white" variant="white" visibleFrom="sm">
            <IconRocket size={30} color="var(--mantine-color-fanmint-6)" />
          </ThemeIcon>
          <Stack gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Full Platform Launching Soon
            </Title>
            <Text c="rgba(255,255,255,0.9)" maw={640}>
              You&apos;re in early. Creator stores, content sales, referrals and token rewards are on their way. Explore
              the previews below to see what&apos;s coming.
            </Text>
            <Group gap="xs">
              <Badge c="fanmint.7" leftSection={<IconTool size={14} />} size="lg" variant="white" tt="none">
                Platform in Development
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Card>

      {groups.map((group) => (
        <Stack key={group.title} gap="md" component="section" aria-label={group.tileTitle}>
          <Title order={2} size="h3">
            {group.tileTitle}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
            {group.items.map((item) => (
              <FeatureTile key={item.to} item={item} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}

      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Follow Us for Updates">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              Follow Us for Updates
            </Title>
            <Text c="dimmed" size="sm">
              Launch news, airdrop dates and creator spotlights land on our channels first.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {SOCIAL_LINKS.map(({ name, url }) => {
              const Icon = SOCIAL_ICONS[name];
              return (
                <Button
                  key={name}
                  component="a"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                  leftSection={<Icon size={18} />}
                >
                  {name}
                </Button>
              );
            })}
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}
