import { ActionIcon, Avatar, Box, Button, Center, Loader, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconGift } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import {
  CheckoutModal,
  openHostedCheckout,
  pendingCheckoutUrl,
  type CheckoutTarget,
  type PurchaseDto,
} from '@/features/purchases';
import { serviceMessage } from '@/shared/api-problems';
import { LoadError } from '@/shared/ui/LoadError';
import { formatMoney } from '@/shared/format';
import { messageKeys, useConversation } from '../hooks/use-conversations';
import { useThread } from '../hooks/use-thread';
import { sendErrorMessage } from '../services/message-errors';
import { getStoreForTips, payForMessage, unsendMessage } from '../services/messages.service';
import type { Conversation, ThreadMessage } from '../services/messages-types';
import { AttachPicker, type AttachedSend } from './AttachPicker';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { UnsendModal } from './UnsendModal';
import { initials } from './ConversationList';
import { ThreadMenu } from './ThreadMenu';
import classes from './messages.module.css';

function composerBlock(conversation: Conversation): string | null {
  if (conversation.blockedByMe) return 'You blocked this person. Unblock them from the menu to send a message.';
  if (conversation.closed) return 'You can no longer send messages in this conversation.';
  return null;
}

/** One conversation: newest at the bottom, older pages above, live events, typing and read receipts. */
export function MessageThread({
  conversationId,
  myId,
  onBack,
}: {
  conversationId: string;
  myId?: string;
  onBack: () => void;
}) {
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId, myId);
  const scroller = useRef<HTMLDivElement>(null);
  const [picking, setPicking] = useState(false);
  const readSent = useRef<string | null>(null);
  const client = useQueryClient();
  const [checkout, setCheckout] = useState<CheckoutTarget | null>(null);
  const [unsending, setUnsending] = useState<ThreadMessage | null>(null);
  // The fee checkouts the send answered, by message: "Pay to send" goes there while it is still open.
  const feeCheckouts = useRef(new Map<string, PurchaseDto>());
  const [paying, setPaying] = useState<string | null>(null);
  const fan = conversation.data?.myRole === 'fan';
  const storeSlug = conversation.data?.counterpart.storeSlug ?? null;
  const store = useQuery({
    queryKey: ['messages', 'store', storeSlug],
    queryFn: () => getStoreForTips(storeSlug!),
    enabled: fan && Boolean(storeSlug),
    staleTime: 5 * 60_000,
    retry: false,
  });
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
        <Loader size="sm" role="status" aria-label="Loading messages" />
      </Center>
    );
  }
  if (conversation.isError || thread.query.isError) {
    return (
      <Box p="md">
        <LoadError
          title="This conversation could not be loaded"
          onRetry={() => void Promise.all([conversation.refetch(), thread.query.refetch()])}
        />
      </Box>
    );
  }
  const data = conversation.data;
  const theirRead = thread.theirRead ?? data.theirLastReadMessageId;
  const newestMine = [...messages].reverse().find((message) => message.senderId === myId && !message.pending);
  const seenId = newestMine && theirRead && theirRead >= newestMine.id ? newestMine.id : null;
  const returnTo = `/dashboard/messages?c=${encodeURIComponent(conversationId)}`;
  const fee =
    data.myRole === 'fan' && data.messagePrice
      ? formatMoney(data.messagePrice.priceMinor, data.messagePrice.currency)
      : null;
  const sendAttachments = async (ids: string[], options: AttachedSend) => {
    try {
      await thread.send(options.text, ids, options.priceMinor);
    } catch (error) {
      notify.error(sendErrorMessage(error));
      throw error;
    }
  };
  const sendText = async (text: string) => {
    const { message, purchase } = await thread.send(text);
    if (purchase) feeCheckouts.current.set(message.id, purchase);
  };
  const unlock = (message: ThreadMessage) => {
    if (!message.price || !data.counterpart.storeSlug) return;
    setCheckout({
      kind: 'message',
      messageId: message.id,
      storeSlug: data.counterpart.storeSlug,
      storeName: data.counterpart.name,
      amountMinor: message.price.amountMinor,
      currency: message.price.currency,
      returnTo,
    });
  };
  const tips = store.data?.tips;
  const tip =
    fan && store.data && tips?.enabled && tips.minimumTipMinor !== null
      ? () =>
          setCheckout({
            kind: 'tip',
            storeSlug: store.data.slug,
            storeName: store.data.displayName,
            minimumMinor: tips.minimumTipMinor!,
            currency: store.data.currency,
            conversationId,
            returnTo,
          })
      : null;
  /** A held message: the checkout the send answered while it is open, else a new one (the first lapsed). */
  const pay = async (message: ThreadMessage) => {
    setPaying(message.id);
    try {
      const known = feeCheckouts.current.get(message.id);
      const url =
        (known && pendingCheckoutUrl(known)) || pendingCheckoutUrl(await payForMessage(conversationId, message.id));
      if (url) openHostedCheckout(url);
      else notify.error('The payment page could not be opened. Please try again.');
    } catch (error) {
      notify.error(serviceMessage(error, 'The payment could not be started. Please try again.'));
    } finally {
      setPaying(null);
    }
  };
  const unsend = async (message: ThreadMessage) => {
    const result = await unsendMessage(conversationId, message.id);
    thread.replace({ ...message, withdrawn: true });
    void client.invalidateQueries({ queryKey: messageKeys.thread(conversationId) });
    return result;
  };

  return (
    <>
      <header className={classes.threadHeader}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          hiddenFrom="md"
          onClick={onBack}
          aria-label="Back to conversations"
        >
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
        {tip && (
          <Button variant="default" size="compact-sm" leftSection={<IconGift size={16} />} onClick={tip}>
            Tip
          </Button>
        )}
        <ThreadMenu conversation={data} />
      </header>
      <div className={classes.scroller} ref={scroller} role="log" aria-label={`Messages with ${data.counterpart.name}`}>
        {thread.query.hasNextPage && (
          <Center>
            <Button
              variant="subtle"
              size="xs"
              loading={thread.query.isFetchingNextPage}
              onClick={() => void thread.query.fetchNextPage()}
            >
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
            <MessageBubble
              message={message}
              mine={message.senderId === myId}
              seen={message.id === seenId}
              fee={fee}
              paying={paying === message.id}
              onUnlock={unlock}
              onPay={(held) => void pay(held)}
              onUnsend={data.myRole === 'creator' ? setUnsending : undefined}
            />
          </Fragment>
        ))}
      </div>
      <div className={classes.composer}>
        <Composer
          onSend={sendText}
          note={fee ? `Each message to ${data.counterpart.name} costs ${fee}. It is delivered once you pay.` : null}
          onTyping={thread.sendTyping}
          onAttach={data.myRole === 'creator' ? () => setPicking(true) : undefined}
          disabledReason={composerBlock(data)}
        />
      </div>
      {data.myRole === 'creator' && (
        <AttachPicker
          opened={picking}
          onClose={() => setPicking(false)}
          onSend={sendAttachments}
          conversationId={data.id}
          recipient={data.counterpart.name}
        />
      )}
      <CheckoutModal target={checkout} referralCode={null} onClose={() => setCheckout(null)} />
      <UnsendModal
        opened={Boolean(unsending)}
        onClose={() => setUnsending(null)}
        title="Unsend this paid message?"
        onConfirm={() => unsend(unsending!)}
      />
    </>
  );
}
