import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuthSession } from '@/features/auth';
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

/** `unread` on the user's own topic (joined once by the dashboard's live notices): the new badge total, and the list refreshed. */
export function applyUnreadEvent(client: QueryClient, payload: unknown) {
  client.setQueryData<Unread>(messageKeys.unread, (old) => ({
    conversations: old?.conversations ?? 0,
    total: (payload as { total: number }).total,
  }));
  void client.invalidateQueries({ queryKey: messageKeys.conversations });
}

/** The badge total, kept live by the `unread` event (see applyUnreadEvent). */
export function useUnread() {
  const userId = useAuthSession().session?.user.id;
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
export const useReport = (id: string) =>
  useMutation({ mutationFn: (report: ReportRequest) => reportConversation(id, report) });

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
