import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDevices, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { AccountSession } from '../services/sessions.service';
import { describeUserAgent, formatDateTime } from '../services/sessions.service';
import contrast from '@/shared/ui/contrast.module.css';
import { SectionCard, wrappingButtonStyles } from '@/shared/ui/SectionCard';

export interface SessionsCardProps {
  sessions: AccountSession[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onEnd: (id: string) => Promise<void>;
  onEndOthers: () => Promise<boolean>;
}

function isMobile(userAgent: string | null): boolean {
  return Boolean(userAgent && /Mobi|Android|iPhone|iPad/.test(userAgent));
}

function SessionRow({ session, onEnd }: { session: AccountSession; onEnd: (id: string) => Promise<void> }) {
  const [ending, setEnding] = useState(false);
  const Icon = isMobile(session.userAgent) ? IconDeviceMobile : IconDeviceDesktop;
  const end = async () => {
    setEnding(true);
    try {
      await onEnd(session.id);
    } finally {
      setEnding(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <ThemeIcon variant="light" color="gray" size={36} radius="md" style={{ flexShrink: 0 }}>
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {describeUserAgent(session.userAgent)}
              </Text>
              {session.current && (
                <Badge
                  size="xs"
                  variant="light"
                  color="teal"
                  style={{ flexShrink: 0, overflow: 'visible' }}
                  classNames={{ label: contrast.tealOnTint }}
                >
                  This device
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {session.ip ?? 'Unknown IP'} · Last seen {formatDateTime(session.lastSeenAt)}
            </Text>
          </Stack>
        </Group>
        {!session.current && (
          // The wrapper keeps the button at its full width however long the device line is.
          <Box style={{ flexShrink: 0 }}>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={end}
              loading={ending}
              aria-label={`End session on ${describeUserAgent(session.userAgent)}`}
              styles={{ label: { overflow: 'visible' } }}
            >
              End
            </Button>
          </Box>
        )}
      </Group>
    </Paper>
  );
}

export function SessionsCard({ sessions, loading, failed, onRetry, onEnd, onEndOthers }: SessionsCardProps) {
  const [endingAll, setEndingAll] = useState(false);
  const ordered = [...(sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = ordered.filter((session) => !session.current).length;

  const endAll = async () => {
    setEndingAll(true);
    try {
      await onEndOthers();
    } finally {
      setEndingAll(false);
    }
  };

  return (
    <SectionCard
      icon={<IconDevices size={22} />}
      title="Active sessions"
      description="Devices and browsers currently signed in to your account."
    >
      {loading && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading sessions...
          </Text>
        </Group>
      )}
      {failed && (
        <Alert color="red" variant="light" title="Couldn't load your sessions">
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
      {sessions && ordered.length === 0 && (
        <Text size="sm" c="dimmed">
          No active sessions found.
        </Text>
      )}
      {ordered.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label="Sessions">
          {ordered.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={onEnd} />
          ))}
        </Stack>
      )}
      <Group>
        <Button
          variant="light"
          color="red"
          onClick={endAll}
          loading={endingAll}
          disabled={Boolean(sessions) && others === 0}
          styles={wrappingButtonStyles}
        >
          End all other sessions
        </Button>
      </Group>
    </SectionCard>
  );
}
