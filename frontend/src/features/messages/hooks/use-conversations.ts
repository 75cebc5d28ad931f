import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthSession } from '@/features/auth';
import { joinPrivate } from '../../../lib/realtime';
import {
  getConversation,
  getSettings,
  getUnread,
  listConversations,
  reportConversation,
  saveSettings,
  setBlocked,
  setMuted,
  startConversation,
} from '../services/messages.service';
import type { MessagingSettingsRequest, ReportRequest, Unread } from '../services/messages-types';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  unread: ['messages', 'unread'] as const,
  settings: ['messages', 'settings'] as const,
};

export function useConversations() {
  return useInfiniteQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ pageParam }) => listConversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export const useConversation = (id: string | undefined) =>
  useQuery({ queryKey: messageKeys.conversation(id ?? ''), queryFn: () => getConversation(id!), enabled: Boolean(id) });

/** The badge total, kept live by `unread` on the user's own topic (which also refreshes the list). */
export function useUnread() {
  const client = useQueryClient();
  const userId = useAuthSession().session?.user.id;
  useEffect(() => {
    if (!userId) return;
    return joinPrivate(
      `user:${userId}`,
      (channel) =>
        channel.on('broadcast', { event: 'unread' }, ({ payload }) => {
          client.setQueryData<Unread>(messageKeys.unread, (old) => ({ conversations: old?.conversations ?? 0, total: (payload as { total: number }).total }));
          void client.invalidateQueries({ queryKey: messageKeys.conversations });
        }),
      (again) => again && void client.invalidateQueries({ queryKey: messageKeys.unread }),
    );
  }, [client, userId]);
  return useQuery({ queryKey: messageKeys.unread, queryFn: getUnread, enabled: Boolean(userId), retry: false });
}

function useConversationWrite<T>(id: string, write: (value: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: messageKeys.conversation(id) }),
        client.invalidateQueries({ queryKey: messageKeys.conversations }),
        client.invalidateQueries({ queryKey: messageKeys.unread }),
      ]);
    },
  });
}

export const useMute = (id: string) => useConversationWrite(id, (muted: boolean) => setMuted(id, muted));
export const useBlock = (id: string) => useConversationWrite(id, (blocked: boolean) => setBlocked(id, blocked));
export const useReport = (id: string) => useMutation({ mutationFn: (report: ReportRequest) => reportConversation(id, report) });

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => {
      client.setQueryData(messageKeys.conversation(conversation.id), conversation);
      void client.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}

export const useMessagingSettings = (enabled: boolean) =>
  useQuery({ queryKey: messageKeys.settings, queryFn: getSettings, enabled, retry: false });

export function useSaveMessagingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: MessagingSettingsRequest) => saveSettings(settings),
    onSuccess: (saved) => client.setQueryData(messageKeys.settings, saved),
  });
}
