import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';
import type { PurchaseDto as PurchaseView } from '@/features/purchases';
import type {
  Conversation,
  HeldSend,
  MassMessage,
  MassMessagePage,
  MassSegment,
  NewMassMessage,
  UnsendResult,
  ConversationPage,
  Message,
  MessagePage,
  MessagingSettings,
  MessagingSettingsRequest,
  OpenedAttachment,
  OwnedAttachments,
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

/**
 * A message, or a priced one (`priceMinor`, creators with media). To a paid creator the fan's message is
 * held: 202 with the message and the checkout of its fee.
 */
export const sendMessage = (
  id: string,
  body: { clientId: string; text?: string; attachments?: string[]; priceMinor?: number },
) => apiRequest<Message | HeldSend>(`${BASE}/conversations/${id}/messages`, { method: 'POST', json: body });

/** The send answer's message, whether delivered (the message) or held for payment ({ message, purchase }). */
export function sentMessage(answer: Message | HeldSend | (Message & { purchase?: PurchaseView })): {
  message: Message;
  purchase: PurchaseView | null;
} {
  if ('message' in answer && typeof answer.message === 'object') return answer;
  // The contract's "the message plus purchase" may also come flat: the message's fields and `purchase` beside them.
  const { purchase = null, ...message } = answer as Message & { purchase?: PurchaseView };
  return { message, purchase };
}

/** A held message whose checkout lapsed: a new checkout of its fee. */
/** The composer's check: which of these store items the conversation's fan owns already (a creator's call). */
export function ownedAttachments(id: string, contentIds: string[]) {
  const query = new URLSearchParams(contentIds.map((contentId) => ['contentIds', contentId]));
  return apiRequest<OwnedAttachments>(`${BASE}/conversations/${id}/owned-items?${query.toString()}`);
}

export const payForMessage = (id: string, messageId: string) =>
  apiRequest<PurchaseView>(`${BASE}/conversations/${id}/messages/${messageId}/pay`, { method: 'POST' });

/** The creator takes back one priced message: who lost it, and how many buyers keep it. */
export const unsendMessage = (id: string, messageId: string) =>
  apiRequest<UnsendResult>(`${BASE}/conversations/${id}/messages/${messageId}/unsend`, { method: 'POST' });

export function listMassMessages(cursor: string | null) {
  const query = new URLSearchParams({ limit: '20' });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<MassMessagePage>(`${BASE}/mass-messages?${query.toString()}`);
}

export const sendMassMessage = (body: NewMassMessage) =>
  apiRequest<MassMessage>(`${BASE}/mass-messages`, { method: 'POST', json: body });

export const unsendMassMessage = (id: string) =>
  apiRequest<UnsendResult>(`${BASE}/mass-messages/${id}/unsend`, { method: 'POST' });

/** How many fans a segment reaches now (before sending). */
export function massAudience(segment: MassSegment, contentId?: string) {
  const query = new URLSearchParams({ segment });
  if (contentId) query.set('contentId', contentId);
  return apiRequest<{ recipients: number }>(`${BASE}/mass-messages/audience?${query.toString()}`);
}

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

/** A fan's tip in the thread follows the creator's store: whether it takes tips, the minimum and the currency. */
export const getStoreForTips = (slug: string) =>
  apiRequest<ApiSchemas['PublicStoreDto']>(`/api/stores/${encodeURIComponent(slug)}`);
