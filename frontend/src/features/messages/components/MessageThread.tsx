import { ActionIcon, Avatar, Box, Button, Center, Loader, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { LoadError } from '@/shared/ui/LoadError';
import { formatTime } from '@/shared/format';
import { useConversation } from '../hooks/use-conversations';
import { useThread } from '../hooks/use-thread';
import { sendErrorMessage } from '../services/message-errors';
import type { Conversation, ThreadMessage } from '../services/messages-types';
import { AttachPicker } from './AttachPicker';
import { AttachmentThumb } from './AttachmentThumb';
import { Composer } from './Composer';
import { initials } from './ConversationList';
import { ThreadMenu } from './ThreadMenu';
import classes from './messages.module.css';

function Bubble({ message, mine, seen }: { message: ThreadMessage; mine: boolean; seen: boolean }) {
  return (
    <Box className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`} data-pending={message.pending || undefined} data-testid="message">
      {message.text && <Text size="sm" inherit>{message.text}</Text>}
      {message.attachments.map((attachment) => (
        <AttachmentThumb key={attachment.contentId} conversationId={message.conversationId} messageId={message.id} attachment={attachment} />
      ))}
      <Text className={classes.meta} ta={mine ? 'right' : 'left'}>
        {message.pending ? 'Sending…' : formatTime(message.createdAt)}
        {seen && ' · Seen'}
      </Text>
    </Box>
  );
}

function composerBlock(conversation: Conversation): string | null {
  if (conversation.blockedByMe) return 'You blocked this person. Unblock them from the menu to send a message.';
  if (conversation.closed) return 'You can no longer send messages in this conversation.';
  return null;
}

/** One conversation: newest at the bottom, older pages above, live events, typing and read receipts. */
export function MessageThread({ conversationId, myId, onBack }: { conversationId: string; myId?: string; onBack: () => void }) {
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId, myId);
  const scroller = useRef<HTMLDivElement>(null);
  const [picking, setPicking] = useState(false);
  const readSent = useRef<string | null>(null);
  const messages = thread.messages;
  const newest = messages.at(-1);

  // Stay at the bottom when a message arrives (older pages keep the reader where they were).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest?.id]);

  // Read receipt: the newest message from the other side, once the thread is on screen.
  const newestTheirs = [...messages].reverse().find((message) => message.senderId !== myId && !message.pending);
  useEffect(() => {
    if (!newestTheirs || readSent.current === newestTheirs.id || !conversation.data) return;
    if (conversation.data.myLastReadMessageId && conversation.data.myLastReadMessageId >= newestTheirs.id) return;
    const send = () => {
      if (document.visibilityState !== 'visible' || readSent.current === newestTheirs.id) return;
      readSent.current = newestTheirs.id;
      void thread.readUpTo(newestTheirs.id).catch(() => (readSent.current = null));
    };
    send();
    document.addEventListener('visibilitychange', send);
    return () => document.removeEventListener('visibilitychange', send);
  }, [newestTheirs?.id, conversation.data]);

  if (conversation.isPending || thread.query.isPending) {
    return (
      <Center h="100%">
        <Loader size="sm" aria-label="Loading messages" />
      </Center>
    );
  }
  if (conversation.isError || thread.query.isError) {
    return (
      <Box p="md">
        <LoadError title="This conversation could not be loaded" onRetry={() => void Promise.all([conversation.refetch(), thread.query.refetch()])} />
      </Box>
    );
  }
  const data = conversation.data;
  const theirRead = thread.theirRead ?? data.theirLastReadMessageId;
  const newestMine = [...messages].reverse().find((message) => message.senderId === myId && !message.pending);
  const seenId = newestMine && theirRead && theirRead >= newestMine.id ? newestMine.id : null;
  const sendAttachments = async (ids: string[]) => {
    try {
      await thread.send('', ids);
    } catch (error) {
      notify.error(sendErrorMessage(error));
      throw error;
    }
  };

  return (
    <>
      <header className={classes.threadHeader}>
        <ActionIcon variant="subtle" color="gray" size="lg" hiddenFrom="md" onClick={onBack} aria-label="Back to conversations">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Avatar radius="xl" color="blue" aria-hidden>
          {initials(data.counterpart.name)}
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="md" lineClamp={1}>
            {data.counterpart.name}
          </Title>
          <Text size="xs" c="dimmed" aria-live="polite">
            {thread.typing ? 'typing…' : data.myRole === 'fan' ? 'Creator' : 'Fan'}
          </Text>
        </Box>
        <ThreadMenu conversation={data} />
      </header>
      <div className={classes.scroller} ref={scroller} role="log" aria-label={`Messages with ${data.counterpart.name}`}>
        {thread.query.hasNextPage && (
          <Center>
            <Button variant="subtle" size="xs" loading={thread.query.isFetchingNextPage} onClick={() => void thread.query.fetchNextPage()}>
              Load older messages
            </Button>
          </Center>
        )}
        {messages.length === 0 && (
          <Center style={{ flex: 1 }}>
            <Text c="dimmed" size="sm" ta="center">
              No messages yet. Say hello.
            </Text>
          </Center>
        )}
        {messages.map((message) => (
          <Fragment key={message.clientId || message.id}>
            <Bubble message={message} mine={message.senderId === myId} seen={message.id === seenId} />
          </Fragment>
        ))}
      </div>
      <div className={classes.composer}>
        <Composer
          onSend={(text) => thread.send(text)}
          onTyping={thread.sendTyping}
          onAttach={data.myRole === 'creator' ? () => setPicking(true) : undefined}
          disabledReason={composerBlock(data)}
        />
      </div>
      {data.myRole === 'creator' && <AttachPicker opened={picking} onClose={() => setPicking(false)} onSend={sendAttachments} />}
    </>
  );
}
