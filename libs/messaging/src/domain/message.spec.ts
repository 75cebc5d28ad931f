import { describe, expect, it } from '@jest/globals';
import { Message, type SentMessage, type Unlock } from './message.js';

const at = new Date('2026-12-01T10:00:00Z');
const CREATOR = 'creator';
const FAN = 'fan';
const photo = { contentId: 'c1', kind: 'album' as const, source: 'upload' as const, status: 'approved' as const };
const base: SentMessage = {
  id: 'm1',
  createdAt: at,
  conversationId: 'k1',
  senderId: CREATOR,
  clientId: 'x',
  body: 'hi',
  attachments: [photo],
};
const priced = () => Message.send({ ...base, price: { amountMinor: 500, currency: 'EUR' } });
const unlockBy = (buyerId: string, purchaseId = `p-${buyerId}`): Unlock => ({
  buyerId,
  purchaseId,
  purchaseCreatedAt: at,
  amount: { amountMinor: 500, currency: 'EUR' },
  unlockedAt: at,
});
const ruleOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { rule?: string }).rule;
  }
  return null;
};

describe('a message', () => {
  it('keeps the price it was sent with, and the price per message a held one waits for', () => {
    const input = { ...base, price: { amountMinor: 500, currency: 'EUR' } };
    const message = Message.send(input);
    input.price.amountMinor = 900;
    expect(message.snapshot().price).toEqual({ amountMinor: 500, currency: 'EUR' });
    const held = Message.send({ ...base, senderId: FAN, attachments: [], fee: { amountMinor: 200, currency: 'EUR' } });
    expect(held.snapshot()).toMatchObject({
      status: 'awaiting_payment',
      fee: { amountMinor: 200, currency: 'EUR' },
      price: null,
    });
  });

  it('refuses a price without media, and a price on a held message', () => {
    expect(ruleOf(() => Message.send({ ...base, attachments: [], price: { amountMinor: 500, currency: 'EUR' } }))).toBe(
      'price_needs_media',
    );
    expect(
      ruleOf(() =>
        Message.send({
          ...base,
          price: { amountMinor: 500, currency: 'EUR' },
          fee: { amountMinor: 1, currency: 'EUR' },
        }),
      ),
    ).toBe('price_and_fee');
  });

  it('shows a held message to its sender only, until its payment releases it once', () => {
    const held = Message.send({ ...base, senderId: FAN, attachments: [], fee: { amountMinor: 200, currency: 'EUR' } });
    expect([held.visibleTo(FAN), held.visibleTo(CREATOR)]).toEqual([true, false]);
    expect(held.release()).toBe(true);
    expect(held.release()).toBe(false);
    expect(held.visibleTo(CREATOR)).toBe(true);
    expect(ruleOf(() => held.assertHeld())).toBe('not_held');
  });

  it('unlocks a priced message once per buyer, and takes the unlock back with its refund', () => {
    const message = priced();
    expect(message.unlock(unlockBy(FAN))).toBe(true);
    expect(message.unlock(unlockBy(FAN))).toBe(false);
    expect(message.unlockedBy(FAN)).toBe(true);
    expect(message.removeUnlock('p-other')).toBe(false);
    expect(message.removeUnlock(`p-${FAN}`)).toBe(true);
    expect(message.unlockedBy(FAN)).toBe(false);
  });

  it('refuses to unlock a message without a price, or for its own sender', () => {
    expect(ruleOf(() => Message.send(base).unlock(unlockBy(FAN)))).toBe('not_priced');
    expect(ruleOf(() => priced().unlock(unlockBy(CREATOR)))).toBe('own_message_unlock');
  });

  it('is withdrawn by its sender only, and only when priced', () => {
    expect(ruleOf(() => priced().withdraw(FAN, at))).toBe('not_your_message');
    expect(ruleOf(() => Message.send(base).withdraw(CREATOR, at))).toBe('not_unsendable');
  });

  it('is gone for a recipient who did not pay, kept by one who did, and withdrawn once', () => {
    const unbought = priced();
    expect(unbought.withdraw(CREATOR, at)).toBe('gone');
    expect(unbought.withdraw(CREATOR, at)).toBe('unchanged');
    const bought = priced();
    bought.unlock(unlockBy(FAN));
    expect(bought.withdraw(CREATOR, at)).toBe('kept');
  });

  it('still unlocks for a buyer whose payment arrives after the withdrawal, but is no longer offered', () => {
    const message = priced();
    expect(message.unlockRefusalFor(FAN)).toBeNull();
    message.withdraw(CREATOR, at);
    expect(message.unlockRefusalFor(FAN)).toBe('not_found');
    expect(message.unlock(unlockBy(FAN))).toBe(true);
  });

  it('offers its unlock to anyone but its sender and an earlier buyer', () => {
    const message = priced();
    expect(message.unlockRefusalFor(CREATOR)).toBe('own');
    message.unlock(unlockBy(FAN));
    expect(message.unlockRefusalFor(FAN)).toBe('unlocked');
    expect(Message.send(base).unlockRefusalFor(FAN)).toBe('not_found');
  });

  it('makes a tip a message of its own, stored once per purchase', () => {
    const tip = Message.tip({
      id: 't',
      createdAt: at,
      conversationId: 'k1',
      senderId: FAN,
      purchaseId: 'p9',
      note: null,
      amount: { amountMinor: 300, currency: 'EUR' },
    });
    expect(tip.snapshot()).toMatchObject({
      kind: 'tip',
      clientId: 'tip-p9',
      body: '',
      status: 'sent',
      tip: { amountMinor: 300, currency: 'EUR' },
    });
  });
});
