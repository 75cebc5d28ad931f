import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DUPLICATE_RETURNED } from '../../domain/purchase.js';
import { fact, purchaseKit } from '../../testing/purchase-kit.js';
import { PurchaseCommand } from '../purchase/purchase.command.js';
import { HandlePaymentEventHandler } from './handle-payment-event.handler.js';
import { HandlePaymentEventCommand } from './handle-payment-event.command.js';

const fan = randomUUID();

/** An album bought by card, its hosted page open (checkout cs_1 for the first purchase of a kit). */
async function boughtAlbum(kit = purchaseKit(), buyer = fan) {
  const { purchase } = await kit.handler.execute(
    new PurchaseCommand(buyer, randomUUID(), { kind: 'content', contentId: kit.album.id, method: 'card' }),
  );
  const checkoutId = kit.provider.checkouts.get(purchase.id)!.checkoutId;
  const about = (type: Parameters<typeof fact>[0], more: Parameters<typeof fact>[3] = {}) =>
    fact(type, purchase.id, 1499, { checkoutId, ...more });
  return { kit, id: purchase.id, about };
}

describe('payment facts on a purchase', () => {
  it('a capture makes it paid and books the sale once (a repeated capture changes nothing)', async () => {
    const { kit, id, about } = await boughtAlbum();
    expect((await kit.facts.applyToPurchase(id, about('captured')))?.outcome).toBe('applied');
    expect((await kit.facts.applyToPurchase(id, about('captured')))?.outcome).toBe('ignored');
    expect(await kit.purchases.find(id)).toMatchObject({
      status: 'paid',
      providerPaymentId: `pay_${id.slice(-6)}`,
      checkoutUrl: null,
    });
    expect(kit.outbox.named('post-sale')).toHaveLength(1);
    expect(kit.outbox.named('purchase-paid')).toEqual([{ purchaseId: id }]);
  });

  it('a refund reverses a paid purchase once, for payouts', async () => {
    const { kit, id, about } = await boughtAlbum();
    await kit.facts.applyToPurchase(id, about('captured'));
    expect((await kit.facts.applyToPurchase(id, about('refunded')))?.outcome).toBe('applied');
    expect((await kit.purchases.find(id))?.status).toBe('refunded');
    expect(kit.outbox.named('post-reversal')).toEqual([
      expect.objectContaining({ saleId: id, kind: 'refund', eventId: `${id}:refund` }),
    ]);
    expect((await kit.facts.applyToPurchase(id, about('captured')))?.outcome).toBe('ignored');
  });

  it('a dispute charges it back (reversal, creator told); a won dispute makes it paid again and restores the money once', async () => {
    const { kit, id, about } = await boughtAlbum();
    await kit.facts.applyToPurchase(id, about('captured'));
    await kit.facts.applyToPurchase(id, about('disputed', { disputeStage: 'needs_response' }));
    expect(await kit.purchases.find(id)).toMatchObject({ status: 'charged_back', disputeStage: 'needs_response' });
    expect(kit.outbox.named('post-reversal')).toEqual([expect.objectContaining({ kind: 'chargeback' })]);
    expect(kit.outbox.named('purchase-disputed')).toEqual([{ purchaseId: id }]);
    await kit.facts.applyToPurchase(id, about('disputed', { disputeStage: 'won' }));
    expect((await kit.facts.applyToPurchase(id, about('disputed', { disputeStage: 'won' })))?.outcome).toBe('ignored');
    expect(await kit.purchases.find(id)).toMatchObject({ status: 'paid', disputeStage: 'won', reversedAt: null });
    expect(kit.outbox.named('post-dispute-won')).toEqual([
      expect.objectContaining({ saleId: id, eventId: `${id}:dispute_won` }),
    ]);
  });

  it('a refund that arrives before its capture books both, in order', async () => {
    const { kit, id, about } = await boughtAlbum();
    await kit.facts.applyToPurchase(id, about('refunded'));
    expect((await kit.purchases.find(id))?.status).toBe('refunded');
    expect(kit.outbox.jobs.map((job) => job.jobName)).toEqual(['post-sale', 'purchase-paid', 'post-reversal']);
  });

  it('refuses a fact that is not this purchase’s payment (another amount) and changes nothing', async () => {
    const { kit, id } = await boughtAlbum();
    const applied = await kit.facts.applyToPurchase(id, fact('captured', id, 1, { checkoutId: 'cs_1' }));
    expect(applied).toMatchObject({ outcome: 'refused', reason: 'amount differs' });
    expect((await kit.purchases.find(id))?.status).toBe('requires_action');
    expect(kit.outbox.jobs).toEqual([]);
  });
});

describe('a late capture', () => {
  it('of an expired checkout is still a sale: the purchase becomes paid', async () => {
    const { kit, id, about } = await boughtAlbum();
    expect(await kit.expiry.expire(id)).toBe('expired');
    await kit.facts.applyToPurchase(id, about('captured'));
    expect((await kit.purchases.find(id))?.status).toBe('paid');
    expect(kit.outbox.named('post-sale')).toHaveLength(1);
  });

  it('of an item the fan has bought again since is booked, refunded and sent back (no sale announced)', async () => {
    const { kit, id, about } = await boughtAlbum();
    await kit.expiry.expire(id);
    const again = await boughtAlbum(kit);
    await kit.facts.applyToPurchase(again.id, again.about('captured'));
    kit.outbox.jobs.length = 0;
    await kit.facts.applyToPurchase(id, about('captured'));
    expect(await kit.purchases.find(id)).toMatchObject({ status: 'refunded', failureReason: DUPLICATE_RETURNED });
    expect(kit.outbox.jobs.map((job) => job.jobName)).toEqual(['post-sale', 'post-reversal', 'return-payment']);
    expect((await kit.purchases.find(again.id))?.status).toBe('paid');
  });
});

describe('the payment webhook handler', () => {
  it('applies an event once, and keeps why one that is not the purchase’s payment was refused', async () => {
    const { kit, about } = await boughtAlbum();
    const handler = new HandlePaymentEventHandler(kit.purchases, kit.facts, kit.clock);
    const event = { ...about('captured'), id: 'evt_1' };
    expect(await handler.execute(new HandlePaymentEventCommand('memory', event))).toBe('applied');
    expect(await handler.execute(new HandlePaymentEventCommand('memory', event))).toBe('duplicate');
    expect(
      await handler.execute(
        new HandlePaymentEventCommand('memory', { ...about('refunded', { amountMinor: 5 }), id: 'evt_2' }),
      ),
    ).toBe('refused');
    expect(kit.purchases.refusalOf('memory', 'evt_2')).toBe('amount differs');
    expect(
      await handler.execute(
        new HandlePaymentEventCommand('memory', { ...event, id: 'evt_3', reference: randomUUID() }),
      ),
    ).toBe('ignored');
  });
});
