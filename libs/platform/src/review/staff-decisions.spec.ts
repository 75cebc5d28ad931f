import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StaffDecisions } from './staff-decisions.js';

// The resolvers get the deciding transaction's EntityManager; these owners need none.
const em = {} as EntityManager;

describe('no staff decision about oneself', () => {
  it('refuses the owner of any subject with one 403 own_work, and lets everyone else through', async () => {
    const decisions = new StaffDecisions();
    decisions.registerOwners('store', async (_em, slug) => (slug === 'jane-fit' ? ['jane'] : []));
    decisions.registerOwners('message', async () => ['fan', null, 'creator']);
    await expect(decisions.assertNotOwn(em, 'jane', [{ kind: 'store', id: 'jane-fit' }])).rejects.toMatchObject({
      status: 403,
      code: 'own_work',
      message: 'You cannot decide about your own store: another staff member handles it',
    });
    await expect(decisions.assertNotOwn(em, 'creator', [{ kind: 'message', id: 'm1' }])).rejects.toMatchObject({
      code: 'own_work',
      extra: { subject: 'message' },
    });
    await expect(decisions.assertNotOwn(em, 'someone', [{ kind: 'account', id: 'someone' }])).rejects.toMatchObject({
      code: 'own_work',
    });
    await expect(
      decisions.assertNotOwn(em, 'moderator', [
        { kind: 'store', id: 'jane-fit' },
        { kind: 'message', id: 'm1' },
      ]),
    ).resolves.toEqual(['jane', 'fan', 'creator']);
  });

  it('fails closed for a kind of subject no module registered', async () => {
    await expect(new StaffDecisions().assertNotOwn(em, 'moderator', [{ kind: 'purchase', id: 'p1' }])).rejects.toThrow(
      'No module registered the owners of purchase subjects',
    );
  });
});
