import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { AccountRoleRepository } from '../repositories/account-role.repository.js';

/** What the contract needs around an adapter: a new account (a fan) each call. */
export interface AccountRoleRepositoryFixture {
  repository: () => AccountRoleRepository;
  newAccount: () => Promise<{ id: string; email: string }>;
}

const at = new Date('2030-03-01T10:00:00.000Z');
const later = new Date('2030-03-02T10:00:00.000Z');

/**
 * The behaviour every AccountRoleRepository adapter shares, run against PostgreSQL
 * (repositories/account-role.repository.e2e.ts) and in memory (in-memory-account-role.repository.spec.ts).
 */
export function accountRoleRepositoryContract(name: string, fixture: AccountRoleRepositoryFixture): void {
  describe(`the account role repository (${name})`, () => {
    const repo = () => fixture.repository();
    const request = (userId: string, requestedBy: string, requestedAt = at) => ({
      id: randomUUID(),
      userId,
      requestedBy,
      requestedAt,
    });

    it('reads an account and its role, and changes the role; an unknown account is null', async () => {
      const { id, email } = await fixture.newAccount();
      await repo().transaction(async (em) => {
        expect(await repo().lock(em, id)).toEqual({ id, email, role: 'fan' });
        await repo().setRole(em, id, 'moderator', at);
        expect(await repo().roleOf(em, id)).toBe('moderator');
        expect(await repo().lock(em, randomUUID())).toBeNull();
        expect(await repo().roleOf(em, randomUUID())).toBeNull();
      });
      expect(await repo().transaction((em) => repo().lock(em, id))).toEqual({ id, email, role: 'moderator' });
    });

    it('locks several accounts in id order, leaving out the unknown ones', async () => {
      const first = await fixture.newAccount();
      const second = await fixture.newAccount();
      const locked = await repo().transaction((em) => repo().lockAll(em, [second.id, randomUUID(), first.id]));
      expect(locked.map((account) => account.id)).toEqual([first.id, second.id].sort());
      expect(locked.every((account) => account.role === 'fan')).toBe(true);
    });

    it("keeps a pending grant with its requester's role as it is now, until it is approved", async () => {
      const target = await fixture.newAccount();
      const requester = await fixture.newAccount();
      const approver = await fixture.newAccount();
      const grant = request(target.id, requester.id);
      await repo().transaction(async (em) => {
        expect(await repo().lockPendingGrant(em, target.id)).toBeNull();
        await repo().setRole(em, requester.id, 'admin', at);
        await repo().requestGrant(em, grant);
      });
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toEqual({
        ...grant,
        requesterRole: 'admin',
      });
      await repo().transaction((em) => repo().setRole(em, requester.id, 'moderator', later));
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toMatchObject({
        requesterRole: 'moderator',
      });
      expect(await repo().transaction((em) => repo().pendingGrants(em, [target.id, requester.id]))).toEqual(
        new Map([[target.id, { requestedBy: requester.id, requestedAt: at.toISOString() }]]),
      );
      await repo().transaction((em) => repo().approveGrant(em, grant.id, approver.id, later));
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toBeNull();
      expect(await repo().transaction((em) => repo().pendingGrants(em, [target.id]))).toEqual(new Map());
    });

    it('answers a requester who has no account with a null role', async () => {
      const target = await fixture.newAccount();
      const gone = randomUUID();
      await repo().transaction((em) => repo().requestGrant(em, request(target.id, gone)));
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toMatchObject({
        requestedBy: gone,
        requesterRole: null,
      });
    });

    it('holds one pending grant per account; a cancelled one makes room for the next', async () => {
      const target = await fixture.newAccount();
      const first = await fixture.newAccount();
      const second = await fixture.newAccount();
      await repo().transaction((em) => repo().requestGrant(em, request(target.id, first.id)));
      await expect(repo().transaction((em) => repo().requestGrant(em, request(target.id, second.id)))).rejects.toThrow(
        /admin_grants_one_pending/,
      );
      await repo().transaction((em) => repo().cancelPendingGrant(em, target.id, second.id, later));
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toBeNull();
      await repo().transaction((em) => repo().cancelPendingGrant(em, target.id, null, later));
      await repo().transaction((em) => repo().requestGrant(em, request(target.id, second.id, later)));
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toMatchObject({
        requestedBy: second.id,
        requestedAt: later,
      });
    });

    it('refuses a grant approved by its own requester', async () => {
      const target = await fixture.newAccount();
      const requester = await fixture.newAccount();
      const grant = request(target.id, requester.id);
      await repo().transaction((em) => repo().requestGrant(em, grant));
      await expect(repo().transaction((em) => repo().approveGrant(em, grant.id, requester.id, later))).rejects.toThrow(
        /admin_grants/,
      );
      expect(await repo().transaction((em) => repo().lockPendingGrant(em, target.id))).toMatchObject({ id: grant.id });
    });

    it('undoes what a transaction wrote when its work throws', async () => {
      const target = await fixture.newAccount();
      const requester = await fixture.newAccount();
      const failed = repo().transaction(async (em) => {
        await repo().setRole(em, target.id, 'creator', at);
        await repo().requestGrant(em, request(target.id, requester.id));
        throw new Error('changed my mind');
      });
      await expect(failed).rejects.toThrow('changed my mind');
      await repo().transaction(async (em) => {
        expect(await repo().roleOf(em, target.id)).toBe('fan');
        expect(await repo().lockPendingGrant(em, target.id)).toBeNull();
      });
    });
  });
}
