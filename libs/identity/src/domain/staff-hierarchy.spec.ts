import { describe, expect, it } from '@jest/globals';
import { assertStaffMayActOn, staffRefusal } from './staff-hierarchy.js';

const code = (actor: { id: string; role: string }, target: { id: string; role: string }) => {
  try {
    assertStaffMayActOn(actor, target);
    return 'allowed';
  } catch (error) {
    return `${(error as { status: number }).status} ${(error as { code: string }).code}`;
  }
};

describe('assertStaffMayActOn', () => {
  it('lets moderators act on users only and admins on moderators and users', () => {
    const table: Record<string, Record<string, string>> = {};
    for (const actor of ['moderator', 'admin', 'creator', 'fan']) {
      table[actor] = {};
      for (const target of ['fan', 'creator', 'moderator', 'admin'])
        table[actor][target] = code({ id: 'a', role: actor }, { id: 'b', role: target });
    }
    expect(table).toEqual({
      moderator: { fan: 'allowed', creator: 'allowed', moderator: '403 staff_hierarchy', admin: '403 staff_hierarchy' },
      admin: { fan: 'allowed', creator: 'allowed', moderator: 'allowed', admin: '403 staff_hierarchy' },
      creator: { fan: '403 forbidden', creator: '403 forbidden', moderator: '403 forbidden', admin: '403 forbidden' },
      fan: { fan: '403 forbidden', creator: '403 forbidden', moderator: '403 forbidden', admin: '403 forbidden' },
    });
  });

  it('refuses every action on one’s own account', () => {
    expect(code({ id: 'a', role: 'admin' }, { id: 'a', role: 'admin' })).toBe('403 own_account');
    expect(code({ id: 'a', role: 'moderator' }, { id: 'a', role: 'moderator' })).toBe('403 own_account');
  });

  it('says which accounts the role may act on', () => {
    expect(() => assertStaffMayActOn({ id: 'a', role: 'moderator' }, { id: 'b', role: 'admin' })).toThrow(
      'A moderator can act only on users, not on an admin',
    );
  });

  it('answers the same refusal without throwing, for the console to show per account', () => {
    for (const actor of ['moderator', 'admin', 'fan']) {
      for (const target of ['fan', 'creator', 'moderator', 'admin']) {
        const refusal = staffRefusal({ id: 'a', role: actor }, { id: 'b', role: target });
        expect(refusal === null ? 'allowed' : `403 ${refusal.code}`).toBe(
          code({ id: 'a', role: actor }, { id: 'b', role: target }),
        );
      }
    }
    expect(staffRefusal({ id: 'a', role: 'admin' }, { id: 'a', role: 'admin' })).toEqual({
      code: 'own_account',
      message: expect.stringContaining('own account'),
    });
  });
});
