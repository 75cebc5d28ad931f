import {
  Avatar,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconShieldCheck } from '@tabler/icons-react';
import { usePageMeta } from '../../../lib/page-meta';
import { SOCIAL_ICONS } from '../../layout/components/SocialLinks';
import { PageHeader } from '../components/PageHeader';
import site from '../components/site.module.css';
import { fillText } from '../content/fill-text';
import content from '../content/social-channels.json';
import { SOCIAL_CHANNELS, type SocialChannel } from '../social-channels';

function ChannelCard({ channel }: { channel: SocialChannel }) {
  const ChannelIcon = SOCIAL_ICONS[channel.name];
  const blurb = content.blurbs[channel.name];
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Stack gap="md" h="100%">
        {channel.imageUrl ? (
          <Avatar src={channel.imageUrl} alt="" size={56} radius="md" />
        ) : (
          <ThemeIcon size={56} radius="md" variant="light">
            <ChannelIcon size={30} stroke={1.6} />
          </ThemeIcon>
        )}
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {channel.name}
          </Title>
          <Text fw={600} className={site.accent} style={{ overflowWrap: 'anywhere' }}>
            {channel.handle}
          </Text>
        </Stack>
        <Text className={site.muted} style={{ flex: 1 }}>
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
            {content.followHidden.replace('{{handle}}', channel.handle).replace('{{name}}', channel.name)} {content.newTab}
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
              <ThemeIcon size={40} radius="md" variant="light" style={{ flexShrink: 0 }}>
                <IconShieldCheck size={22} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={2} id="safety-title" fz="lg">
                  {safety.title}
                </Title>
                <Text className={site.muted}>{fillText(safety.text)}</Text>
              </Stack>
            </Group>
          </Card>
        </Stack>
      </Container>
    </>
  );
}
