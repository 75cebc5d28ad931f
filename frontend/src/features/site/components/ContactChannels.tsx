import { Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBriefcase, IconGavel, IconHeadset, IconMail, IconNews, type Icon } from '@tabler/icons-react';
import { SUPPORT_EMAIL } from '../../../lib/site';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';
import { SectionHeading } from './SectionHeading';
import site from './site.module.css';

const ICONS: Record<string, Icon> = { support: IconHeadset, business: IconBriefcase, press: IconNews, legal: IconGavel };

const mailto = (subject: string) => `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;

/** One card per topic; each writes to the support inbox with a subject the team routes by. */
export function ContactChannels() {
  const { channelsTitle, channels, write } = content.contact;
  return (
    <Container component="section" size="lg" py={{ base: 32, sm: 48 }} aria-labelledby="contact-channels-title">
      <SectionHeading id="contact-channels-title" title={channelsTitle} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {channels.map((channel) => {
          const ChannelIcon = ICONS[channel.id] ?? IconMail;
          return (
            <Card key={channel.id} withBorder radius="lg" padding="lg">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={40} radius="md" variant="light">
                  <ChannelIcon size={22} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {channel.title}
                </Title>
                <Text className={site.muted} style={{ flex: 1 }}>
                  {fillText(channel.description)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {SUPPORT_EMAIL} · Subject: <strong>{channel.subject}</strong>
                </Text>
                <Button
                  component="a"
                  href={mailto(channel.subject)}
                  variant="default"
                  leftSection={<IconMail size={18} />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {write}
                  <VisuallyHidden>: {channel.title}</VisuallyHidden>
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
