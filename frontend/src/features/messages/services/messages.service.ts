import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';
import type {
  Conversation,
  ConversationPage,
  Message,
  MessagePage,
  MessagingSettings,
  MessagingSettingsRequest,
  OpenedAttachment,
  ReportRequest,
  Unread,
} from './messages-types';

const BASE = '/api/messages';
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;

export function listConversations(cursor: string | null) {
  const query = new URLSearchParams({ limit: String(CONVERSATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<ConversationPage>(`${BASE}/conversations?${query.toString()}`);
}

export const getConversation = (id: string) => apiRequest<Conversation>(`${BASE}/conversations/${id}`);

export const startConversation = (target: { storeSlug: string } | { fanId: string }) =>
  apiRequest<Conversation>(`${BASE}/conversations`, { method: 'POST', json: target });

/** Newest first: the latest page, the one `before` a message, or the ones `after` it (catching up). */
export function getMessages(id: string, cursor: { before?: string; after?: string } = {}) {
  const query = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
  if (cursor.before) query.set('before', cursor.before);
  if (cursor.after) query.set('after', cursor.after);
  return apiRequest<MessagePage>(`${BASE}/conversations/${id}/messages?${query.toString()}`);
}

export const sendMessage = (id: string, body: { clientId: string; text?: string; attachments?: string[] }) =>
  apiRequest<Message>(`${BASE}/conversations/${id}/messages`, { method: 'POST', json: body });

export const markRead = (id: string, messageId: string) =>
  apiRequest<unknown>(`${BASE}/conversations/${id}/read`, { method: 'POST', json: { messageId } });

export const setMuted = (id: string, muted: boolean) =>
  apiRequest<unknown>(`${BASE}/conversations/${id}/mute`, { method: muted ? 'PUT' : 'DELETE' });

export const setBlocked = (id: string, blocked: boolean) =>
  apiRequest<unknown>(`${BASE}/conversations/${id}/block`, { method: blocked ? 'PUT' : 'DELETE' });

export const reportConversation = (id: string, report: ReportRequest) =>
  apiRequest<{ id: string; dueAt: string }>(`${BASE}/conversations/${id}/reports`, { method: 'POST', json: report });

export const openMedia = (id: string, messageId: string, contentId: string) =>
  apiRequest<OpenedAttachment>(`${BASE}/conversations/${id}/messages/${messageId}/media/${contentId}`);

export const getUnread = () => apiRequest<Unread>(`${BASE}/unread`);

export const getSettings = () => apiRequest<MessagingSettings>(`${BASE}/settings`);

export const saveSettings = (settings: MessagingSettingsRequest) =>
  apiRequest<MessagingSettings>(`${BASE}/settings`, { method: 'PUT', json: settings });

/** The creator's own approved store items, the ones a message can carry. */
export async function listAttachableItems() {
  const { items } = await apiRequest<ApiSchemas['ContentListDto']>('/api/content/mine');
  return items.filter((item) => item.status === 'approved' && item.purpose === 'store');
}
