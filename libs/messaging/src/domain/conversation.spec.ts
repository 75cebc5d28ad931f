import { describe, expect, it } from '@jest/globals';
import { Conversation } from './conversation.js';
import { messageId } from './message-ids.js';

const at = new Date('2026-12-01T10:00:00Z');
const open = () => Conversation.open({ id: 'k1', fanId: 'fan', creatorId: 'creator', startedBy: 'fan', at });
const ruleOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { rule?: string }).rule;
  }
  return null;
};

describe('a conversation', () => {
  it('opens with its two members, nothing unread', () => {
    const conversation = open();
    expect(conversation.snapshot().members.map((one) => [one.userId, one.role, one.unreadCount])).toEqual([
      ['fan', 'fan', 0],
      ['creator', 'creator', 0],
    ]);
    expect([
      conversation.memberRole('fan'),
      conversation.memberRole('creator'),
      conversation.memberRole('someone'),
    ]).toEqual(['fan', 'creator', null]);
  });

  it('is opened by one of two different people', () => {
    expect(ruleOf(() => Conversation.open({ id: 'k', fanId: 'a', creatorId: 'a', startedBy: 'a', at }))).toBe(
      'own_conversation',
    );
    expect(ruleOf(() => Conversation.open({ id: 'k', fanId: 'a', creatorId: 'b', startedBy: 'c', at }))).toBe(
      'not_a_member',
    );
  });

  it("counts an arriving message as the recipient's unread, and puts it at the top of the list", () => {
    const conversation = open();
    const later = new Date(at.getTime() + 1000);
    expect(conversation.receive({ id: 'm1', senderId: 'creator', at: later, preview: 'hi' })).toEqual({
      recipientId: 'fan',
      recipientUnread: 1,
      recipientMuted: false,
    });
    expect(conversation.receive({ id: 'm2', senderId: 'creator', at: later, preview: 'again' }).recipientUnread).toBe(
      2,
    );
    expect(conversation.snapshot()).toMatchObject({
      lastMessageId: 'm2',
      lastSenderId: 'creator',
      lastPreview: 'again',
      lastActivityAt: later,
    });
  });

  it('closes to both sides once either blocks, each told why', () => {
    const conversation = open();
    expect(conversation.block('fan', true, at)).toBe(true);
    expect(conversation.block('fan', true, new Date(at.getTime() + 5))).toBe(false);
    expect(conversation.snapshot().members[0].blockedAt).toEqual(at);
    expect(conversation.blocked).toBe(true);
    expect(ruleOf(() => conversation.assertOpenFor('fan'))).toBe('you_blocked');
    expect(ruleOf(() => conversation.receive({ id: 'm1', senderId: 'creator', at, preview: 'hi' }))).toBe(
      'conversation_blocked',
    );
    expect(conversation.block('fan', false, at)).toBe(true);
    expect(conversation.blocked).toBe(false);
  });

  it('is muted and unmuted by one member, keeping its unread count', () => {
    const conversation = open();
    conversation.receive({ id: 'm1', senderId: 'creator', at, preview: 'hi' });
    expect(conversation.mute('fan', true, at)).toBe(true);
    expect(conversation.mute('fan', true, at)).toBe(false);
    expect(conversation.recipientOf('creator')).toEqual({
      recipientId: 'fan',
      recipientUnread: 1,
      recipientMuted: true,
    });
    expect(conversation.mute('fan', false, at)).toBe(true);
    expect(conversation.unreadOf('fan')).toBe(1);
  });

  it('moves a read position forward only, leaving the unread count the store counted after it', () => {
    const conversation = open();
    const [first, second] = [new Date(at.getTime() + 1000), new Date(at.getTime() + 2000)];
    const [older, newer] = [
      { id: messageId(first), at: first },
      { id: messageId(second), at: second },
    ];
    expect(conversation.markRead('fan', newer, 0, second)).toBe(true);
    expect(conversation.readsPast('fan', older)).toBe(false);
    expect(conversation.markRead('fan', older, 5, second)).toBe(false);
    expect(conversation.readStateOf('fan')).toEqual({ lastReadMessageId: newer.id, unreadCount: 0 });
  });
});
