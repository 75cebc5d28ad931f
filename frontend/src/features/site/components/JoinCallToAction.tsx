import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import content from '../content/coming-soon.json';
import site from './site.module.css';

/** 'Join' card of the coming-soon pages: sign up early or follow the official channels. */
export function JoinCallToAction() {
  const { title, lead, signUp, socials } = content.join;
  return (
    <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="join-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id="join-title" fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text className={site.muted}>{lead}</Text>
        </Stack>
        <Group gap="sm">
          <Button
            component={Link}
            to="/sign-up"
            size="md"
            leftSection={<IconUserPlus size={18} />}
            w={{ base: '100%', sm: 'auto' }}
          >
            {signUp}
          </Button>
          <Button
            component={Link}
            to="/official-social-channels"
            size="md"
            variant="default"
            leftSection={<IconSpeakerphone size={18} />}
            w={{ base: '100%', sm: 'auto' }}
          >
            {socials}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
