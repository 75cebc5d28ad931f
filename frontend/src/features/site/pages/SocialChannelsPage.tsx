import { Avatar, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconShieldCheck } from '@tabler/icons-react';
import { usePageMeta } from '../../../lib/page-meta';
import { SOCIAL_ICONS } from '@/features/layout';
import { IconBadge } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';
import { PageHeader } from '@/shared/ui/PageHeader';
import { fillText } from '../content/fill-text';
import content from '../content/social-channels.json';
import { SOCIAL_CHANNELS, type SocialChannel } from '../social-channels';

function ChannelCard({ channel }: { channel: SocialChannel }) {
  const blurb = content.blurbs[channel.name];
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Stack gap="md" h="100%">
        {channel.imageUrl ? (
          <Avatar src={channel.imageUrl} alt="" size={56} radius="md" />
        ) : (
          <IconBadge icon={SOCIAL_ICONS[channel.name]} size="xl" radius="md" />
        )}
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {channel.name}
          </Title>
          <Text fw={600} className={marketing.accent} style={{ overflowWrap: 'anywhere' }}>
            {channel.handle}
          </Text>
        </Stack>
        <Text className={marketing.muted} style={{ flex: 1 }}>
          {blurb}
        </Text>
        <Button
          component="a"
          href={channel.url}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          fullWidth
        >
          {content.follow}
          <VisuallyHidden>
            {' '}
            {content.followHidden.replace('{{handle}}', channel.handle).replace('{{name}}', channel.name)}{' '}
            {content.newTab}
          </VisuallyHidden>
        </Button>
      </Stack>
    </Card>
  );
}

export function SocialChannelsPage() {
  const { meta, header, safety } = content;
  usePageMeta({ title: meta.title, description: fillText(meta.description), keywords: meta.keywords });
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={fillText(header.lead)} />
      <Container size="lg" pb={{ base: 32, sm: 48 }}>
        <Stack gap="xl">
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, lg: 4 }}
            spacing="lg"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {SOCIAL_CHANNELS.map((channel) => (
              <li key={channel.name}>
                <ChannelCard channel={channel} />
              </li>
            ))}
          </SimpleGrid>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="safety-title">
            <Group gap="md" align="flex-start" wrap="nowrap">
              <IconBadge icon={IconShieldCheck} size="sm" radius="md" style={{ flexShrink: 0 }} />
              <Stack gap={4}>
                <Title order={2} id="safety-title" fz="lg">
                  {safety.title}
                </Title>
                <Text className={marketing.muted}>{fillText(safety.text)}</Text>
              </Stack>
            </Group>
          </Card>
        </Stack>
      </Container>
    </>
  );
}
