import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram, IconGift } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOCKED_PREVIEW_COPY } from '../preview-content';
import classes from './EarlyAdopterPanel.module.css';

const { rewards } = LOCKED_PREVIEW_COPY;

/** The rewards call to action every locked preview ends with (SPEC §2). */
export function EarlyAdopterPanel() {
  return (
    <Card component="section" aria-labelledby="early-adopter-title" radius="lg" padding="lg" className={classes.panel}>
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color="aqua">
            <IconGift size={22} />
          </ThemeIcon>
          <Title order={2} fz={18} id="early-adopter-title">
            {rewards.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {rewards.text}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={rewards.rewardsLink.to} leftSection={<IconGift size={16} />}>
            {rewards.rewardsLink.label}
          </Button>
          <Button
            component={Link}
            to={rewards.channelsLink.to}
            variant="default"
            leftSection={<IconBrandTelegram size={16} />}
          >
            {rewards.channelsLink.label}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
