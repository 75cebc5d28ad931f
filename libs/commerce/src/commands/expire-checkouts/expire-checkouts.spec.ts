import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { fact, purchaseKit } from '../../testing/purchase-kit.js';
import { PurchaseCommand } from '../purchase/purchase.command.js';

async function openCheckout() {
  const kit = purchaseKit();
  const { purchase } = await kit.handler.execute(
    new PurchaseCommand(randomUUID(), randomUUID(), { kind: 'content', contentId: kit.album.id, method: 'card' }),
  );
  return { kit, id: purchase.id };
}

describe('expiring an abandoned checkout', () => {
  it('expires it when the provider has nothing more to say, releasing the item', async () => {
    const { kit, id } = await openCheckout();
    expect(await kit.expiry.expire(id)).toBe('expired');
    expect(await kit.purchases.find(id)).toMatchObject({ status: 'expired', checkoutUrl: null });
    expect(await kit.expiry.expire(id)).toBe('kept');
    expect(kit.outbox.jobs).toEqual([]);
  });

  it('makes it paid instead when the provider says it was paid meanwhile', async () => {
    const { kit, id } = await openCheckout();
    kit.provider.facts.set(id, fact('captured', id, 1499, { checkoutId: 'cs_1' }));
    expect(await kit.expiry.expire(id)).toBe('settled');
    expect((await kit.purchases.find(id))?.status).toBe('paid');
    expect(kit.outbox.named('post-sale')).toHaveLength(1);
  });

  it('sweeps only checkouts older than their lifetime', async () => {
    const { kit, id } = await openCheckout();
    expect(await kit.expiry.run()).toEqual({ expired: 0, settled: 0 });
    kit.clock.set(new Date(Date.now() + 2 * 3_600_000));
    expect(await kit.expiry.run()).toEqual({ expired: 1, settled: 0 });
    expect((await kit.purchases.find(id))?.status).toBe('expired');
  });
});
