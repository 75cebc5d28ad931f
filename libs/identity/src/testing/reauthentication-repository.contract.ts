import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { ReauthenticationRepository } from '../repositories/reauthentication.repository.js';

/** What the contract needs around an adapter: a new account with its password and one session, each call; and a way to read the session back. */
export interface ReauthenticationRepositoryFixture {
  repository: () => ReauthenticationRepository;
  newAccount: () => Promise<{ userId: string; sessionId: string; password: string }>;
  authenticatedAt: (sessionId: string) => Promise<Date | null>;
  /** Whether `password` matches `hash` (bcrypt). */
  matches: (password: string, hash: string) => Promise<boolean>;
}

/**
 * The behaviour every ReauthenticationRepository adapter shares, run against PostgreSQL
 * (repositories/reauthentication.repository.e2e.ts) and in memory (in-memory-reauthentication.repository.spec.ts).
 */
export function reauthenticationRepositoryContract(name: string, fixture: ReauthenticationRepositoryFixture): void {
  describe(`the reauthentication repository (${name})`, () => {
    const repo = () => fixture.repository();

    it("answers the account's password hash, and null for no account", async () => {
      const { userId, password } = await fixture.newAccount();
      const hash = await repo().passwordHashOf(userId);
      expect(await fixture.matches(password, hash!)).toBe(true);
      expect(await repo().passwordHashOf(randomUUID())).toBeNull();
    });

    it("marks the owner's session authenticated, and no one else's", async () => {
      const owner = await fixture.newAccount();
      const other = await fixture.newAccount();
      const at = new Date('2030-07-01T10:00:00.000Z');
      expect(await repo().markAuthenticated(other.userId, owner.sessionId, at)).toBe(false);
      expect(await repo().markAuthenticated(owner.userId, randomUUID(), at)).toBe(false);
      expect(await fixture.authenticatedAt(owner.sessionId)).not.toEqual(at);
      expect(await repo().markAuthenticated(owner.userId, owner.sessionId, at)).toBe(true);
      expect(await fixture.authenticatedAt(owner.sessionId)).toEqual(at);
    });
  });
}
