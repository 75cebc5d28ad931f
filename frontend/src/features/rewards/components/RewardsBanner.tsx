import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram, IconCoins } from '@tabler/icons-react';
import { TOKEN_IDO_QUARTER } from '../../../content/site-facts';
import { TELEGRAM_URL } from '../social';

export function RewardsBanner() {
  return (
    <Card
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="rewards-banner-title"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-fanmint-8) 0%, var(--mantine-color-fanmint-6) 55%, var(--mantine-color-aqua-7) 100%)',
        color: 'white',
      }}
    >
      <Group align="center" justify="space-between" gap="lg">
        <Group align="flex-start" wrap="nowrap" gap="lg" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={56} radius="xl" color="white" variant="white" visibleFrom="sm">
            <IconCoins size={30} color="var(--mantine-color-fanmint-6)" />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={2} id="rewards-banner-title" fz={{ base: 22, sm: 26 }}>
              {`Token IDO Coming ${TOKEN_IDO_QUARTER}!`}
            </Title>
            <Text c="rgba(255,255,255,0.92)" maw={620}>
              Early members earn tokens before launch. Join the community for airdrop dates and draw announcements.
            </Text>
          </Stack>
        </Group>
        <Button
          component="a"
          href={TELEGRAM_URL}
          target="_blank"
          rel="noopener noreferrer"
          variant="white"
          c="fanmint.8"
          size="md"
          leftSection={<IconBrandTelegram size={18} />}
        >
          Join Community
        </Button>
      </Group>
    </Card>
  );
}
