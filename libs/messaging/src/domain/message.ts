import type { ReviewStatus } from './attachments.js';
import { MessageRules } from './message-rules.js';

export interface Money {
  amountMinor: number;
  currency: string;
}

export type MessageKind = 'message' | 'tip';
export type MessageStatus = 'sent' | 'awaiting_payment';

export interface MessageAttachment {
  contentId: string;
  kind: 'video' | 'album';
  source: 'store' | 'upload';
  /** What the sender saw when attaching; content-moderation's events are authoritative after it. */
  status: ReviewStatus;
}

/** A buyer's unlock of a priced message: the purchase that paid for it. */
export interface Unlock {
  buyerId: string;
  purchaseId: string;
  purchaseCreatedAt: Date;
  amount: Money;
  unlockedAt: Date;
}

export interface MessageState {
  id: string;
  createdAt: Date;
  conversationId: string;
  senderId: string;
  clientId: string;
  body: string;
  attachments: MessageAttachment[];
  kind: MessageKind;
  /** A pay-per-view message: its creator's price, fixed when it was sent. */
  price: Money | null;
  /** kind 'tip': the amount the fan paid. */
  tip: Money | null;
  /** 'awaiting_payment': held until its price per message is paid; only its sender sees it. */
  status: MessageStatus;
  /** A held message: the price per message in force when it was sent, which its checkout charges. */
  fee: Money | null;
  massMessageId: string | null;
  withdrawnAt: Date | null;
  unlocks: Unlock[];
}

/** What a withdrawal did to one message: gone for its recipient, kept by a buyer, or nothing (withdrawn before). */
export type WithdrawalOutcome = 'gone' | 'kept' | 'unchanged';

/** Why a fan may not buy the unlock of a message (commerce's offer): null when they may. */
export type UnlockRefusal = 'not_found' | 'own' | 'unlocked' | null;

export interface SentMessage {
  id: string;
  createdAt: Date;
  conversationId: string;
  senderId: string;
  clientId: string;
  body: string;
  attachments: MessageAttachment[];
  price?: Money | null;
  fee?: Money | null;
}

/**
 * A message of a conversation, with the unlocks bought of it. Its price (or a held message's price
 * per message) is fixed when it is sent and never changes; an unlock opens it for one buyer; a
 * withdrawal takes a priced message back from its recipient, except from a buyer, who keeps it.
 */
export class Message {
  private constructor(private readonly state: MessageState) {}

  /** A message sent now: priced only with media; held for its price per message when `fee` is given. */
  static send(input: SentMessage): Message {
    const price = input.price ?? null;
    const fee = input.fee ?? null;
    if (price && input.attachments.length === 0) throw MessageRules.priceNeedsMedia();
    if (price && fee) throw MessageRules.priceAndFee();
    return new Message({
      ...input,
      attachments: [...input.attachments],
      kind: 'message',
      price: price && { ...price },
      tip: null,
      status: fee ? 'awaiting_payment' : 'sent',
      fee: fee && { ...fee },
      massMessageId: null,
      withdrawnAt: null,
      unlocks: [],
    });
  }

  /** The tip a fan paid, shown in the conversation as their message; its client id is the purchase's, so it is stored once. */
  static tip(input: {
    id: string;
    createdAt: Date;
    conversationId: string;
    senderId: string;
    purchaseId: string;
    note: string | null;
    amount: Money;
  }): Message {
    return new Message({
      id: input.id,
      createdAt: input.createdAt,
      conversationId: input.conversationId,
      senderId: input.senderId,
      clientId: `tip-${input.purchaseId}`,
      body: input.note ?? '',
      attachments: [],
      kind: 'tip',
      price: null,
      tip: { ...input.amount },
      status: 'sent',
      fee: null,
      massMessageId: null,
      withdrawnAt: null,
      unlocks: [],
    });
  }

  static restore(state: MessageState): Message {
    return new Message({
      ...state,
      attachments: [...state.attachments],
      unlocks: state.unlocks.map((unlock) => ({ ...unlock })),
    });
  }

  /** A copy of the state, for the repository and readers. */
  snapshot(): MessageState {
    return {
      ...this.state,
      attachments: [...this.state.attachments],
      unlocks: this.state.unlocks.map((unlock) => ({ ...unlock })),
    };
  }

  get id(): string {
    return this.state.id;
  }

  get conversationId(): string {
    return this.state.conversationId;
  }

  get senderId(): string {
    return this.state.senderId;
  }

  get price(): Money | null {
    return this.state.price;
  }

  get held(): boolean {
    return this.state.status === 'awaiting_payment';
  }

  get withdrawn(): boolean {
    return this.state.withdrawnAt !== null;
  }

  /** A held message is its sender's only. */
  visibleTo(viewerId: string): boolean {
    return this.state.status === 'sent' || this.state.senderId === viewerId;
  }

  unlockedBy(buyerId: string): boolean {
    return this.state.unlocks.some((unlock) => unlock.buyerId === buyerId);
  }

  /** Its price per message is being paid: only while it is held. */
  assertHeld(): void {
    if (!this.held) throw MessageRules.notHeld();
  }

  /** The held message's price per message was paid: it is delivered. False when it was delivered before (a replayed payment). */
  release(): boolean {
    if (!this.held) return false;
    this.state.status = 'sent';
    return true;
  }

  /**
   * A paid purchase opens this priced message for its buyer. A capture that arrives after the sender
   * withdrew it still unlocks it: the buyer paid, and a buyer keeps a withdrawn message. False when
   * the buyer unlocked it before (a replayed job).
   */
  unlock(unlock: Unlock): boolean {
    if (this.state.price === null) throw MessageRules.notPriced();
    if (unlock.buyerId === this.state.senderId) throw MessageRules.ownMessageUnlock();
    if (this.state.unlocks.some((known) => known.buyerId === unlock.buyerId || known.purchaseId === unlock.purchaseId))
      return false;
    this.state.unlocks.push({ ...unlock, amount: { ...unlock.amount } });
    return true;
  }

  /** The purchase was refunded or charged back: its unlock is taken away. False when there was none. */
  removeUnlock(purchaseId: string): boolean {
    const before = this.state.unlocks.length;
    this.state.unlocks = this.state.unlocks.filter((unlock) => unlock.purchaseId !== purchaseId);
    return this.state.unlocks.length < before;
  }

  /** Only its sender unsends a message, and only a priced one. */
  assertWithdrawableBy(userId: string): void {
    if (this.state.senderId !== userId) throw MessageRules.notYourMessage();
    if (this.state.price === null) throw MessageRules.notUnsendable();
  }

  /**
   * The sender takes the message back: gone for a recipient who did not pay, kept (shown as
   * withdrawn) by one who did. Withdrawn once: a second withdrawal changes nothing.
   */
  withdraw(userId: string, at: Date): WithdrawalOutcome {
    this.assertWithdrawableBy(userId);
    if (this.state.withdrawnAt !== null) return 'unchanged';
    this.state.withdrawnAt = at;
    return this.state.unlocks.length > 0 ? 'kept' : 'gone';
  }

  /** Whether `buyerId` may buy this message's unlock: delivered, priced, not theirs, not withdrawn, not unlocked by them already. */
  unlockRefusalFor(buyerId: string): UnlockRefusal {
    if (this.state.price === null || this.state.status !== 'sent') return 'not_found';
    if (this.state.senderId === buyerId) return 'own';
    if (this.state.withdrawnAt !== null) return 'not_found';
    return this.unlockedBy(buyerId) ? 'unlocked' : null;
  }
}
