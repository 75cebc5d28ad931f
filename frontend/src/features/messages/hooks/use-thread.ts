import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { CLIENT_TYPING, joinPrivate } from '../../../lib/realtime';
import type { PurchaseDto } from '@/features/purchases';
import { getMessages, markRead, sendMessage, sentMessage } from '../services/messages.service';
import type { Message, MessagePage, ReadEvent, ThreadMessage } from '../services/messages-types';
import { messageKeys } from './use-conversations';

type Pages = InfiniteData<MessagePage, string | null>;
const TYPING_THROTTLE_MS = 2500;
const TYPING_SHOWN_MS = 4000;

/** Puts stored messages in the newest page: a known id or clientId is replaced (the optimistic bubble turns into the stored one). */
export function mergeMessages(data: Pages | undefined, incoming: ThreadMessage[]): Pages | undefined {
  if (!data) return data;
  const known = new Set(incoming.flatMap((message) => [message.id, message.clientId]));
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => !known.has(item.id) && !known.has(item.clientId)),
  }));
  const [first, ...rest] = pages;
  const newest: ThreadMessage[] = [...incoming, ...(first?.items ?? [])];
  // Newest first; a bubble still sending is newer than anything stored.
  newest.sort((a, b) => Number(Boolean(b.pending)) - Number(Boolean(a.pending)) || b.id.localeCompare(a.id));
  return { ...data, pages: [{ hasMore: first?.hasMore ?? false, items: newest }, ...rest] };
}

/** The live thread: pages of messages, events on conversation:<id>, typing, read receipts and sending. */
export function useThread(conversationId: string, myId: string | undefined) {
  const client = useQueryClient();
  const key = messageKeys.thread(conversationId);
  const channel = useRef<RealtimeChannel | null>(null);
  const [typing, setTyping] = useState(false);
  const [theirRead, setTheirRead] = useState<string | null>(null);
  const lastTypingSent = useRef(0);

  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => getMessages(conversationId, pageParam ? { before: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore ? (page.items.at(-1)?.id ?? null) : null),
  });

  const merge = useCallback(
    (incoming: ThreadMessage[]) => client.setQueryData<Pages>(key, (data) => mergeMessages(data, incoming)),
    [client, key.join()],
  );

  useEffect(() => {
    let hideTyping: ReturnType<typeof setTimeout> | undefined;
    const leave = joinPrivate(
      `conversation:${conversationId}`,
      (joined) => {
        channel.current = joined;
        joined
          .on('broadcast', { event: 'message' }, ({ payload }) => {
            const incoming = payload as Message;
            merge([incoming]);
            setTyping(false);
            // The live copy is locked as any recipient would see it: the own view says whether this fan owns its items (then it opens free).
            if (incoming.price && incoming.locked && incoming.senderId !== myId)
              void client.invalidateQueries({ queryKey: key });
          })
          .on('broadcast', { event: 'message_updated' }, ({ payload }) => merge([payload as Message]))
          // Unsent by its creator: it leaves the thread of a recipient who did not buy it (a buyer's view keeps it, marked withdrawn).
          .on('broadcast', { event: 'message_withdrawn' }, ({ payload }) => {
            const { messageId } = payload as { messageId: string };
            client.setQueryData<Pages>(
              key,
              (data) =>
                data && {
                  ...data,
                  pages: data.pages.map((page) => ({
                    ...page,
                    items: page.items.filter((item) => item.id !== messageId || (item.price && !item.locked)),
                  })),
                },
            );
            void client.invalidateQueries({ queryKey: key });
          })
          .on('broadcast', { event: 'read' }, ({ payload }) => {
            const receipt = payload as ReadEvent;
            if (receipt.userId !== myId) setTheirRead(receipt.messageId);
          })
          .on('broadcast', { event: CLIENT_TYPING }, ({ payload }) => {
            if ((payload as { userId?: string }).userId === myId) return;
            setTyping(true);
            clearTimeout(hideTyping);
            hideTyping = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
          });
      },
      // After a drop, what was sent meanwhile comes from the database: `after` the newest stored message.
      (again) => {
        if (!again) return;
        const data = client.getQueryData<Pages>(key);
        const newest = data?.pages[0]?.items.find((item) => !(item as ThreadMessage).pending);
        if (!newest) return void client.invalidateQueries({ queryKey: key });
        void getMessages(conversationId, { after: newest.id }).then((page) => merge(page.items));
      },
    );
    return () => {
      clearTimeout(hideTyping);
      channel.current = null;
      leave();
    };
  }, [conversationId, myId]);

  const sendTyping = useCallback(() => {
    const now = Date.now();
    if (!channel.current || now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    lastTypingSent.current = now;
    void channel.current.send({ type: 'broadcast', event: CLIENT_TYPING, payload: { userId: myId } });
  }, [myId]);

  const send = useCallback(
    /** Sends; answers the checkout of the message's fee when the creator charges per message (the message is held until paid). */
    async (
      text: string,
      attachments: string[] = [],
      priceMinor?: number,
    ): Promise<{ message: Message; purchase: PurchaseDto | null }> => {
      const clientId = crypto.randomUUID();
      const draft: ThreadMessage = {
        id: `pending-${clientId}`,
        clientId,
        conversationId,
        createdAt: new Date().toISOString(),
        senderId: myId ?? '',
        text,
        attachments: [],
        kind: 'message',
        price: null,
        locked: false,
        tip: null,
        massMessageId: null,
        withdrawn: false,
        unlockCount: null,
        status: 'sent',
        pending: true,
      };
      merge([draft]);
      try {
        const answer = await sendMessage(conversationId, {
          clientId,
          text: text || undefined,
          attachments: attachments.length ? attachments : undefined,
          ...(priceMinor ? { priceMinor } : {}),
        });
        const { message: stored, purchase } = sentMessage(answer);
        merge([stored]);
        void client.invalidateQueries({ queryKey: messageKeys.conversations });
        return { message: stored, purchase };
      } catch (error) {
        // The failed bubble goes away; the composer keeps the text and shows why.
        client.setQueryData<Pages>(
          key,
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.clientId !== clientId),
              })),
            },
        );
        throw error;
      }
    },
    [conversationId, myId, merge],
  );

  const readUpTo = useCallback(
    (messageId: string) =>
      markRead(conversationId, messageId).then(() => {
        void client.invalidateQueries({ queryKey: messageKeys.unread });
        void client.invalidateQueries({ queryKey: messageKeys.conversations });
      }),
    [client, conversationId],
  );

  const messages = (query.data?.pages.flatMap((page) => page.items) ?? []) as ThreadMessage[];
  const replace = useCallback((updated: Message) => merge([updated]), [merge]);
  return { query, messages: [...messages].reverse(), typing, theirRead, sendTyping, send, readUpTo, replace };
}
