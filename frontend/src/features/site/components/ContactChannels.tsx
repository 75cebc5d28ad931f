import { Button, Card, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { IconBriefcase, IconGavel, IconHeadset, IconMail, IconNews, type Icon } from '@tabler/icons-react';
import { SUPPORT_EMAIL } from '../../../lib/site';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';
import { IconCardBody } from './IconCardBody';
import { SiteSection } from './SiteSection';

const ICONS: Record<string, Icon> = {
  support: IconHeadset,
  business: IconBriefcase,
  press: IconNews,
  legal: IconGavel,
};

const mailto = (subject: string) => `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;

/** One card per topic; each writes to the support inbox with a subject the team routes by. */
export function ContactChannels() {
  const { channelsTitle, channels, write } = content.contact;
  return (
    <SiteSection id="contact-channels-title" title={channelsTitle}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {channels.map((channel) => (
          <Card key={channel.id} withBorder radius="lg" padding="lg">
            <IconCardBody
              icon={ICONS[channel.id] ?? IconMail}
              iconSize="sm"
              title={channel.title}
              description={fillText(channel.description)}
            >
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
            </IconCardBody>
          </Card>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
