import { beforeEach, describe, expect, it } from '@jest/globals';
import type { IEvent } from '@nestjs/cqrs';
import { FixedClock } from '#app/platform';
import type { AppRole } from '../../entities/user.entity.js';
import { AccessChangedEvent } from '../../events/access-changed.event.js';
import { InMemoryAccountRoleRepository } from '../../testing/in-memory-account-role.repository.js';
import { RecordingAuditLog } from '../../testing/recording-audit-log.js';
import { ChangeUserRoleCommand, type ChangeUserRoleResult } from './change-role.command.js';
import { ChangeUserRoleHandler } from './change-role.handler.js';

const firstDay = new Date('2030-05-01T09:00:00.000Z');
const clock = new FixedClock(firstDay);
let accounts: InMemoryAccountRoleRepository;
let audit: RecordingAuditLog;
let published: IEvent[];
let handler: ChangeUserRoleHandler;

beforeEach(() => {
  clock.set(firstDay);
  accounts = new InMemoryAccountRoleRepository();
  audit = new RecordingAuditLog();
  published = [];
  handler = new ChangeUserRoleHandler(accounts, audit, clock, { publish: (event: IEvent) => published.push(event) });
  for (const [id, role] of [
    ['admin-a', 'admin'],
    ['admin-b', 'admin'],
    ['admin-c', 'admin'],
    ['mod', 'moderator'],
    ['mod-2', 'moderator'],
    ['fan', 'fan'],
    ['creator', 'creator'],
  ] as const)
    accounts.addAccount(id, role);
});

const change = (userId: string, role: AppRole, actorId: string | null, onlyFrom: AppRole[] | null = null) =>
  handler.execute(new ChangeUserRoleCommand(userId, role, actorId, 'because', '203.0.113.9', onlyFrom));
const roleOf = (id: string) => accounts.transaction((em) => accounts.roleOf(em, id));
const pending = (id: string) => accounts.transaction((em) => accounts.lockPendingGrant(em, id));

/** Asserts the refusal and that nothing was written: no role, no grant, no audit entry, no event. */
async function expectRefused(attempt: Promise<ChangeUserRoleResult>, status: number, code: string, userId: string) {
  const before = { role: await roleOf(userId), grants: accounts.allGrants() };
  await expect(attempt).rejects.toMatchObject({ status, code });
  expect({ role: await roleOf(userId), grants: accounts.allGrants() }).toEqual(before);
  expect(audit.entries).toEqual([]);
  expect(published).toEqual([]);
}

describe('changing a role', () => {
  it('gives the role, audits before and after, and tells realtime once it committed', async () => {
    const result = await change('fan', 'moderator', 'admin-a');
    expect(result).toEqual({
      user: { id: 'fan', email: 'fan@example.test', role: 'moderator' },
      changed: true,
      pendingAdminGrant: null,
    });
    expect(await roleOf('fan')).toBe('moderator');
    expect(audit.entries).toEqual([
      {
        actorId: 'admin-a',
        action: 'user.role_changed',
        targetType: 'user',
        targetId: 'fan',
        details: { before: { role: 'fan' }, after: { role: 'moderator' }, reason: 'because' },
        ipAddress: '203.0.113.9',
      },
    ]);
    expect(published).toEqual([new AccessChangedEvent('fan', 'role')]);
  });

  it('changes nothing when the account already has the role', async () => {
    expect(await change('creator', 'creator', 'mod')).toMatchObject({ changed: false, user: { role: 'creator' } });
    expect(audit.entries).toEqual([]);
    expect(published).toEqual([]);
  });

  it("changes only from the roles it names (an accepted verification never demotes staff), without the actor's checks", async () => {
    expect(await change('fan', 'creator', null, ['fan'])).toMatchObject({ changed: true, user: { role: 'creator' } });
    expect(await change('mod', 'creator', 'fan', ['fan'])).toMatchObject({
      changed: false,
      user: { role: 'moderator' },
    });
    expect(await roleOf('mod')).toBe('moderator');
    expect(audit.actions()).toEqual(['user.role_changed']);
    expect(audit.entries[0]).toMatchObject({ actorId: null });
  });

  it('answers an unknown account with 404', async () => {
    await expect(change('nobody', 'creator', 'admin-a')).rejects.toMatchObject({ status: 404, code: 'user_not_found' });
  });
});

describe('who may change a role', () => {
  it.each([
    ['an admin', 'admin-a', 'moderator'],
    ['a moderator', 'mod', 'fan'],
  ] as const)('refuses %s a change to their own role', async (_who, id, role) => {
    await expectRefused(change(id, role, id), 403, 'own_account', id);
  });

  it.each([
    ['a moderator', 'another moderator', 'mod', 'mod-2', 'fan'],
    ['a moderator', 'an admin', 'mod', 'admin-a', 'fan'],
    ['an admin', 'another admin', 'admin-a', 'admin-b', 'moderator'],
  ] as const)('refuses %s acting on %s (at or above their own rank)', async (_who, _whom, actor, target, role) => {
    await expectRefused(change(target, role, actor), 403, 'staff_hierarchy', target);
  });

  it('refuses a fan or creator acting on anyone', async () => {
    await expectRefused(change('creator', 'fan', 'fan'), 403, 'forbidden', 'creator');
    await expectRefused(change('fan', 'creator', 'creator'), 403, 'forbidden', 'fan');
  });

  it("reads the actor's role inside the change: one demoted since their request was authorised is refused", async () => {
    await accounts.transaction((em) => accounts.setRole(em, 'mod', 'fan', firstDay));
    await expectRefused(change('fan', 'creator', 'mod'), 403, 'forbidden', 'fan');
  });

  it('lets a moderator change a fan to creator, but not make anyone an admin', async () => {
    expect(await change('fan', 'creator', 'mod')).toMatchObject({ changed: true });
    audit.entries.length = 0;
    published.length = 0;
    await expectRefused(change('creator', 'admin', 'mod'), 403, 'admin_only', 'creator');
  });
});

describe('making an admin takes two admins', () => {
  it('records the first request pending: no role change, no event, the request audited', async () => {
    const result = await change('mod', 'admin', 'admin-a');
    expect(result).toEqual({
      user: { id: 'mod', email: 'mod@example.test', role: 'moderator' },
      changed: false,
      pendingAdminGrant: { requestedBy: 'admin-a', requestedAt: firstDay.toISOString() },
    });
    expect(await roleOf('mod')).toBe('moderator');
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.admin_grant_requested',
        details: { role: 'moderator', reason: 'because', requestedAt: firstDay.toISOString() },
      }),
    ]);
    expect(published).toEqual([]);
  });

  it('answers the same admin asking again with the request they made, not a second one', async () => {
    await change('mod', 'admin', 'admin-a');
    clock.advance(60_000);
    const again = await change('mod', 'admin', 'admin-a');
    expect(again.pendingAdminGrant).toEqual({ requestedBy: 'admin-a', requestedAt: firstDay.toISOString() });
    expect(accounts.allGrants()).toHaveLength(1);
  });

  it("completes with a second admin's approval: the role changes, both admins named in the audit", async () => {
    await change('mod', 'admin', 'admin-a');
    clock.advance(60_000);
    const result = await change('mod', 'admin', 'admin-b');
    expect(result).toMatchObject({ changed: true, user: { role: 'admin' }, pendingAdminGrant: null });
    expect(await roleOf('mod')).toBe('admin');
    expect(audit.entries.at(-1)).toMatchObject({
      action: 'user.role_changed',
      details: {
        before: { role: 'moderator' },
        after: { role: 'admin' },
        requestedBy: 'admin-a',
        approvedBy: 'admin-b',
      },
    });
    expect(accounts.allGrants()).toEqual([
      expect.objectContaining({
        status: 'approved',
        requestedBy: 'admin-a',
        decidedBy: 'admin-b',
        decidedAt: clock.now(),
      }),
    ]);
    expect(published).toEqual([new AccessChangedEvent('mod', 'role')]);
  });

  it('lets a request lapse once its requester is no longer an admin: the next admin starts a new one', async () => {
    await change('fan', 'admin', 'admin-a');
    await accounts.transaction((em) => accounts.setRole(em, 'admin-a', 'moderator', firstDay));
    const result = await change('fan', 'admin', 'admin-b');
    expect(result).toMatchObject({ changed: false, pendingAdminGrant: { requestedBy: 'admin-b' } });
    expect(await roleOf('fan')).toBe('fan');
    expect(accounts.allGrants().map(({ requestedBy, status }) => ({ requestedBy, status }))).toEqual([
      { requestedBy: 'admin-a', status: 'cancelled' },
      { requestedBy: 'admin-b', status: 'pending' },
    ]);
  });

  it('withdraws a pending request when the account gets any other role, so a later approval cannot surprise anyone', async () => {
    await change('fan', 'admin', 'admin-a');
    await change('fan', 'creator', 'admin-b');
    expect(await pending('fan')).toBeNull();
    expect(accounts.allGrants()).toEqual([expect.objectContaining({ status: 'cancelled', decidedBy: 'admin-b' })]);
    const next = await change('fan', 'admin', 'admin-b');
    expect(next).toMatchObject({ changed: false, pendingAdminGrant: { requestedBy: 'admin-b' } });
  });
});
