import type { EntityManager } from '@mikro-orm/postgresql';
import type { FactorStatus } from '../entities/mfa-factor.entity.js';

/** A TOTP factor. The secret stays sealed (domain/secret-box.ts); the last accepted time step is the repository's. */
export interface Factor {
  id: string;
  userId: string;
  friendlyName: string;
  status: FactorStatus;
  secretEncrypted: string;
  lastChallengedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A challenge to a factor: the address it was asked from, and whether a code answered it. */
export interface Challenge {
  id: string;
  factorId: string;
  ipAddress: string;
  createdAt: Date;
  verifiedAt: Date | null;
}

/** A recovery code as its status shows it (the code itself is kept only as a hash). */
export interface RecoveryCodeState {
  createdAt: Date;
  usedAt: Date | null;
}

/** The user already has a factor with this name. */
export class FactorNameTaken extends Error {
  constructor(readonly friendlyName: string) {
    super(`a factor named ${friendlyName} exists`);
  }
}

/**
 * Second factors (`mfa_factors`, `mfa_challenges`, `mfa_recovery_codes`). Takes and returns domain
 * values; the single-use steps (a TOTP time step, a recovery code) are claimed atomically, so two
 * requests racing with one code never both pass. Two adapters pass one contract
 * (testing/mfa-repository.contract.ts): PostgreSQL and in memory.
 */
export abstract class MfaRepository {
  /** Runs `work` in a transaction of its own; the entity manager it gets is the one to read and write with. */
  abstract transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;

  /** The user's factors, oldest first. */
  abstract factorsOf(em: EntityManager, userId: string): Promise<Factor[]>;

  /** The user's factor; another user's answers like a missing one. */
  abstract factorOf(em: EntityManager, userId: string, factorId: string): Promise<Factor | null>;

  abstract hasChallenges(em: EntityManager, factorId: string): Promise<boolean>;

  /** Adds a factor; throws {@link FactorNameTaken} when the user has one of that name (two racing adds: one wins). */
  abstract addFactor(em: EntityManager, factor: Factor): Promise<void>;

  /** Writes what may change of a factor: its status, when it was last challenged, updatedAt. */
  abstract saveFactor(em: EntityManager, factor: Factor): Promise<void>;

  /** Deletes factors, with their challenges. */
  abstract removeFactors(em: EntityManager, factorIds: readonly string[]): Promise<void>;

  /** Records `step` as the factor's last accepted time step if it is later than the last; false when it is not. */
  abstract claimStep(em: EntityManager, factorId: string, step: number, at: Date): Promise<boolean>;

  abstract addChallenge(em: EntityManager, challenge: Challenge): Promise<void>;

  /** The factor's challenge; one of another factor answers like a missing one. */
  abstract challengeOf(em: EntityManager, factorId: string, challengeId: string): Promise<Challenge | null>;

  abstract markChallengeVerified(em: EntityManager, challengeId: string, at: Date): Promise<void>;

  /** Replaces the user's recovery codes with these (hashes). */
  abstract replaceRecoveryCodes(
    em: EntityManager,
    userId: string,
    codeHashes: readonly string[],
    at: Date,
  ): Promise<void>;

  /** Marks the user's unused code with this hash used; false when there is none. */
  abstract spendRecoveryCode(em: EntityManager, userId: string, codeHash: string, at: Date): Promise<boolean>;

  abstract removeRecoveryCodes(em: EntityManager, userId: string): Promise<void>;

  abstract recoveryCodesOf(em: EntityManager, userId: string): Promise<RecoveryCodeState[]>;
}
