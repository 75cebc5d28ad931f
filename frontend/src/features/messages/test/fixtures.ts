import type { PurchaseDto } from '@/features/purchases';
import type { Conversation, MassMessage, Message } from '../services/messages-types';

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

/** A pay-per-view message from the creator: the fan's view (locked) unless overridden. */
export const pricedMessage = (n: number, senderId: string, text: string, overrides: Partial<Message> = {}): Message =>
  message(n, senderId, text, {
    kind: 'message',
    price: { amountMinor: 499, currency: 'EUR' },
    locked: true,
    tip: null,
    massMessageId: null,
    withdrawn: false,
    unlockCount: null,
    status: 'sent',
    attachments: [{ contentId: 'c1', kind: 'video', state: 'released', locked: true }],
    ...overrides,
  });

export const tipMessage = (n: number, senderId: string, note: string, amountMinor = 500): Message =>
  message(n, senderId, note, { kind: 'tip', tip: { amountMinor, currency: 'EUR' }, price: null, locked: false });

/** A purchase as POST /api/purchases answers it: waiting on the hosted page. */
export const checkoutPurchase = (overrides: Partial<PurchaseDto> = {}): PurchaseDto => ({
  id: '0190a000-0000-7000-8000-0000000000p1',
  amountMinor: 499,
  card: null,
  checkoutUrl: 'https://pay.example.test/checkout/1',
  contentId: null,
  contentKind: null,
  contentTitle: null,
  createdAt: new Date().toISOString(),
  crypto: null,
  currency: 'EUR',
  failureReason: null,
  kind: 'message',
  method: 'card',
  paidAt: null,
  returnTo: null,
  status: 'requires_action',
  storeName: 'Velvet Hour',
  storeSlug: 'velvet-hour',
  subscriptionId: null,
  ...overrides,
});

export const massMessage = (n: number, overrides: Partial<MassMessage> = {}): MassMessage => ({
  id: `0190a000-0000-7000-8000-0000000m${String(n).padStart(4, '0')}`,
  segment: 'subscribers_active',
  contentId: null,
  text: `Mass message ${n}`,
  attachments: [{ contentId: 'c1', kind: 'video', state: 'released' }],
  price: { amountMinor: 999, currency: 'EUR' },
  status: 'sent',
  recipients: 40,
  delivered: 38,
  unlocks: 7,
  revenueMinor: 6993,
  currency: 'EUR',
  createdAt: new Date(Date.UTC(2026, 10, 26, 9, n)).toISOString(),
  sentAt: new Date(Date.UTC(2026, 10, 26, 9, n + 1)).toISOString(),
  withdrawnAt: null,
  ...overrides,
});
