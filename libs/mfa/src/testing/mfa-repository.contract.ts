import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FactorNameTaken, type Factor, type MfaRepository } from '../repositories/mfa.repository.js';

const at = new Date('2030-02-01T10:00:00.000Z');
const later = new Date('2030-02-01T10:05:00.000Z');

const factor = (userId: string, friendlyName = 'phone', createdAt = at): Factor => ({
  id: randomUUID(),
  userId,
  friendlyName,
  status: 'unverified',
  secretEncrypted: 'sealed',
  lastChallengedAt: null,
  createdAt,
  updatedAt: createdAt,
});

/**
 * The behaviour every MfaRepository adapter shares, run against PostgreSQL
 * (repositories/mfa.repository.e2e.ts) and in memory (in-memory-mfa.repository.spec.ts).
 */
export function mfaRepositoryContract(name: string, repository: () => MfaRepository): void {
  describe(`the mfa repository (${name})`, () => {
    const repo = () => repository();
    const inTx = <T>(work: (em: EntityManager) => Promise<T>) => repo().transaction(work);

    it("stores factors and reads the user's own, oldest first; another user's answers like a missing one", async () => {
      const user = randomUUID();
      const [second, first] = [factor(user, 'laptop', later), factor(user, 'phone')];
      await inTx(async (em) => {
        await repo().addFactor(em, second);
        await repo().addFactor(em, first);
      });
      expect(await inTx((em) => repo().factorsOf(em, user))).toEqual([first, second]);
      expect(await inTx((em) => repo().factorOf(em, user, first.id))).toEqual(first);
      expect(await inTx((em) => repo().factorOf(em, randomUUID(), first.id))).toBeNull();
    });

    it('refuses a second factor of the same name for a user, and lets another user use the name', async () => {
      const user = randomUUID();
      await inTx((em) => repo().addFactor(em, factor(user)));
      await expect(inTx((em) => repo().addFactor(em, factor(user)))).rejects.toBeInstanceOf(FactorNameTaken);
      await inTx((em) => repo().addFactor(em, factor(randomUUID())));
      expect(await inTx((em) => repo().factorsOf(em, user))).toHaveLength(1);
    });

    it('saves status and times, and reads them back in the same transaction', async () => {
      const user = randomUUID();
      const added = factor(user);
      await inTx(async (em) => {
        await repo().addFactor(em, added);
        expect(await repo().factorOf(em, user, added.id)).toEqual(added);
        const verified = { ...added, status: 'verified' as const, lastChallengedAt: later, updatedAt: later };
        await repo().saveFactor(em, verified);
        expect(await repo().factorOf(em, user, added.id)).toEqual(verified);
      });
    });

    it('accepts each time step once, and only later ones', async () => {
      const added = factor(randomUUID());
      await inTx((em) => repo().addFactor(em, added));
      expect(await inTx((em) => repo().claimStep(em, added.id, 1000, at))).toBe(true);
      expect(await inTx((em) => repo().claimStep(em, added.id, 1000, at))).toBe(false);
      expect(await inTx((em) => repo().claimStep(em, added.id, 999, at))).toBe(false);
      expect(await inTx((em) => repo().claimStep(em, added.id, 1001, later))).toBe(true);
      expect(await inTx((em) => repo().factorOf(em, added.userId, added.id))).toMatchObject({ updatedAt: later });
    });

    it("keeps a factor's challenges: found only under their own factor, verified once answered, gone with the factor", async () => {
      const user = randomUUID();
      const [one, other] = [factor(user, 'one'), factor(user, 'two')];
      const challenge = {
        id: randomUUID(),
        factorId: one.id,
        ipAddress: '203.0.113.5',
        createdAt: at,
        verifiedAt: null,
      };
      await inTx(async (em) => {
        await repo().addFactor(em, one);
        await repo().addFactor(em, other);
        expect(await repo().hasChallenges(em, one.id)).toBe(false);
        await repo().addChallenge(em, challenge);
      });
      await inTx(async (em) => {
        expect(await repo().hasChallenges(em, one.id)).toBe(true);
        expect(await repo().challengeOf(em, one.id, challenge.id)).toEqual(challenge);
        expect(await repo().challengeOf(em, other.id, challenge.id)).toBeNull();
        await repo().markChallengeVerified(em, challenge.id, later);
        expect(await repo().challengeOf(em, one.id, challenge.id)).toEqual({ ...challenge, verifiedAt: later });
      });
      await inTx((em) => repo().removeFactors(em, [one.id]));
      await inTx(async (em) => {
        expect(await repo().factorsOf(em, user)).toEqual([other]);
        expect(await repo().hasChallenges(em, one.id)).toBe(false);
      });
    });

    it('replaces recovery codes as a set and spends each once', async () => {
      const user = randomUUID();
      await inTx((em) => repo().replaceRecoveryCodes(em, user, ['h1', 'h2'], at));
      expect(await inTx((em) => repo().spendRecoveryCode(em, user, 'h1', later))).toBe(true);
      expect(await inTx((em) => repo().spendRecoveryCode(em, user, 'h1', later))).toBe(false);
      expect(await inTx((em) => repo().spendRecoveryCode(em, randomUUID(), 'h2', later))).toBe(false);
      const states = await inTx((em) => repo().recoveryCodesOf(em, user));
      expect(states.sort((a, b) => Number(a.usedAt === null) - Number(b.usedAt === null))).toEqual([
        { createdAt: at, usedAt: later },
        { createdAt: at, usedAt: null },
      ]);
      await inTx((em) => repo().replaceRecoveryCodes(em, user, ['h3'], later));
      expect(await inTx((em) => repo().recoveryCodesOf(em, user))).toEqual([{ createdAt: later, usedAt: null }]);
      expect(await inTx((em) => repo().spendRecoveryCode(em, user, 'h2', later))).toBe(false);
      await inTx((em) => repo().removeRecoveryCodes(em, user));
      expect(await inTx((em) => repo().recoveryCodesOf(em, user))).toEqual([]);
    });

    it('undoes what a transaction wrote when its work throws', async () => {
      const user = randomUUID();
      const failed = inTx(async (em) => {
        await repo().addFactor(em, factor(user));
        await repo().replaceRecoveryCodes(em, user, ['h1'], at);
        throw new Error('changed my mind');
      });
      await expect(failed).rejects.toThrow('changed my mind');
      expect(await inTx((em) => repo().factorsOf(em, user))).toEqual([]);
      expect(await inTx((em) => repo().recoveryCodesOf(em, user))).toEqual([]);
    });
  });
}
