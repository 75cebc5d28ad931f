import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import marketing from '@/shared/ui/marketing.module.css';
import content from '../content/coming-soon.json';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';

/** 'Join' card of the coming-soon pages: sign up early or follow the official channels. */
export function JoinCallToAction() {
  const { title, lead, signUp, socials } = content.join;
  const actions = [
    { to: '/sign-up', label: signUp, icon: IconUserPlus, variant: 'filled' },
    { to: '/official-social-channels', label: socials, icon: IconSpeakerphone, variant: 'default' },
  ];
  return (
    <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="join-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id="join-title" fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text className={marketing.muted}>{lead}</Text>
        </Stack>
        <Group gap="sm">
          {actions.map(({ to, label, icon: ActionIcon, variant }) => (
            <Button
              key={to}
              component={Link}
              to={to}
              size="md"
              variant={variant}
              leftSection={<ActionIcon size={18} />}
              w={FULL_WIDTH_ON_PHONES}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
