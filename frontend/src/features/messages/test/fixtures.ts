import type { Conversation, Message } from '../services/messages-types';

export const ME = '00000000-0000-4000-8000-000000000001';
export const THEM = '00000000-0000-4000-8000-000000000002';
export const CONVERSATION_ID = '0190a000-0000-7000-8000-0000000000c1';

/** UUIDv7-like ids that sort by their number, as the server's do by time. */
export const messageId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: CONVERSATION_ID,
  blockedByMe: false,
  closed: false,
  counterpart: { name: 'Velvet Hour', storeSlug: 'velvet-hour', userId: THEM },
  lastActivityAt: new Date().toISOString(),
  lastMessage: { id: messageId(2), createdAt: new Date().toISOString(), preview: 'See you Friday', senderId: THEM },
  messagePrice: null,
  muted: false,
  myLastReadMessageId: null,
  myRole: 'fan',
  startedAt: new Date().toISOString(),
  theirLastReadMessageId: null,
  unreadCount: 2,
  ...overrides,
});

export const message = (n: number, senderId: string, text: string, overrides: Partial<Message> = {}): Message => ({
  id: messageId(n),
  clientId: `client-${n}`,
  conversationId: CONVERSATION_ID,
  createdAt: new Date(Date.UTC(2026, 10, 27, 10, n)).toISOString(),
  senderId,
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
  ...overrides,
});
