import { Avatar, Badge, Box, Button, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconMessages } from '@tabler/icons-react';
import { LoadError } from '@/shared/ui/LoadError';
import { formatRelative } from '@/shared/format';
import { useConversations } from '../hooks/use-conversations';
import type { Conversation } from '../services/messages-types';
import classes from './messages.module.css';

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

function ConversationRow({
  conversation,
  active,
  myId,
  onOpen,
}: {
  conversation: Conversation;
  active: boolean;
  myId?: string;
  onOpen: () => void;
}) {
  const { counterpart, lastMessage, unreadCount, muted } = conversation;
  const preview = lastMessage
    ? `${lastMessage.senderId === myId ? 'You: ' : ''}${lastMessage.preview}`
    : 'No messages yet';
  return (
    <UnstyledButton
      className={classes.row}
      data-active={active || undefined}
      aria-current={active ? 'true' : undefined}
      onClick={onOpen}
    >
      <Avatar radius="xl" color="blue" aria-hidden>
        {initials(counterpart.name)}
      </Avatar>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={unreadCount ? 700 : 600} size="sm" truncate="end">
              {counterpart.name}
            </Text>
            {muted && <IconBellOff size={14} aria-label="Muted" role="img" />}
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatRelative(lastMessage?.createdAt ?? conversation.lastActivityAt)}
          </Text>
        </Group>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text size="sm" c={unreadCount ? undefined : 'dimmed'} fw={unreadCount ? 600 : 400} truncate="end">
            {preview}
          </Text>
          {unreadCount > 0 && (
            <Badge size="sm" circle={unreadCount < 10} aria-label={`${unreadCount} unread`}>
              {unreadCount}
            </Badge>
          )}
        </Group>
      </Box>
    </UnstyledButton>
  );
}

/** The member's conversations, most recent first, paged by cursor. */
export function ConversationList({
  activeId,
  myId,
  onOpen,
}: {
  activeId?: string;
  myId?: string;
  onOpen: (id: string) => void;
}) {
  const conversations = useConversations();

  if (conversations.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" role="status" aria-label="Loading conversations" />
      </Center>
    );
  }
  if (conversations.isError) {
    return (
      <Box p="md">
        <LoadError title="Your conversations could not be loaded" onRetry={() => void conversations.refetch()} />
      </Box>
    );
  }
  const items = conversations.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Stack align="center" ta="center" gap="xs" p="xl">
        <IconMessages size={32} stroke={1.5} aria-hidden />
        <Text fw={600}>No conversations yet</Text>
        <Text size="sm" c="dimmed">
          Open a store and choose Message to write to its creator.
        </Text>
      </Stack>
    );
  }
  return (
    <Box component="nav" aria-label="Conversations" style={{ overflowY: 'auto', flex: 1 }}>
      {items.map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          active={conversation.id === activeId}
          myId={myId}
          onOpen={() => onOpen(conversation.id)}
        />
      ))}
      {conversations.hasNextPage && (
        <Center p="sm">
          <Button
            variant="subtle"
            size="xs"
            loading={conversations.isFetchingNextPage}
            onClick={() => void conversations.fetchNextPage()}
          >
            Load more conversations
          </Button>
        </Center>
      )}
    </Box>
  );
}
