import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FactorNameTaken,
  MfaRepository,
  type Challenge,
  type Factor,
  type RecoveryCodeState,
} from '../repositories/mfa.repository.js';

/** There is no entity manager in memory: anything but this repository that is handed one fails at once, naming what it asked for. */
export const NO_ENTITY_MANAGER = new Proxy({} as EntityManager, {
  get: (_target, property) => {
    throw new Error(`the in-memory mfa repository has no entity manager (${String(property)} was asked for)`);
  },
});

interface StoredCode extends RecoveryCodeState {
  userId: string;
  codeHash: string;
}

interface State {
  factors: Map<string, Factor & { lastUsedStep: number | null }>;
  challenges: Map<string, Challenge>;
  codes: StoredCode[];
}

const copy = <T extends object>(value: T): T => ({ ...value });

/**
 * Second factors in memory, for millisecond handler specs. It passes the same contract suite as the
 * PostgreSQL adapter. A transaction that throws leaves everything as it was; locks are not modelled
 * (the specs run one handler at a time).
 */
export class InMemoryMfaRepository extends MfaRepository {
  private state: State = { factors: new Map(), challenges: new Map(), codes: [] };

  private snapshot(): State {
    return {
      factors: new Map([...this.state.factors].map(([id, factor]) => [id, copy(factor)])),
      challenges: new Map([...this.state.challenges].map(([id, challenge]) => [id, copy(challenge)])),
      codes: this.state.codes.map(copy),
    };
  }

  /** Every stored factor and challenge, for assertions. */
  all(): { factors: Factor[]; challenges: Challenge[] } {
    const { factors, challenges } = this.snapshot();
    return {
      factors: [...factors.values()].map(({ lastUsedStep: _step, ...factor }) => factor),
      challenges: [...challenges.values()],
    };
  }

  async transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const before = this.snapshot();
    try {
      return await work(NO_ENTITY_MANAGER);
    } catch (error) {
      this.state = before;
      throw error;
    }
  }

  async factorsOf(_em: EntityManager, userId: string): Promise<Factor[]> {
    return this.all()
      .factors.filter((factor) => factor.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async factorOf(em: EntityManager, userId: string, factorId: string): Promise<Factor | null> {
    return (await this.factorsOf(em, userId)).find((factor) => factor.id === factorId) ?? null;
  }

  async hasChallenges(_em: EntityManager, factorId: string): Promise<boolean> {
    return [...this.state.challenges.values()].some((challenge) => challenge.factorId === factorId);
  }

  async addFactor(_em: EntityManager, factor: Factor): Promise<void> {
    const taken = [...this.state.factors.values()].some(
      (other) => other.userId === factor.userId && other.friendlyName === factor.friendlyName,
    );
    if (taken) throw new FactorNameTaken(factor.friendlyName);
    this.state.factors.set(factor.id, { ...factor, lastUsedStep: null });
  }

  async saveFactor(_em: EntityManager, factor: Factor): Promise<void> {
    const stored = this.state.factors.get(factor.id);
    if (!stored) return;
    const { status, lastChallengedAt, updatedAt } = factor;
    this.state.factors.set(factor.id, { ...stored, status, lastChallengedAt, updatedAt });
  }

  async removeFactors(_em: EntityManager, factorIds: readonly string[]): Promise<void> {
    for (const id of factorIds) this.state.factors.delete(id);
    for (const [id, challenge] of this.state.challenges)
      if (factorIds.includes(challenge.factorId)) this.state.challenges.delete(id);
  }

  async claimStep(_em: EntityManager, factorId: string, step: number, at: Date): Promise<boolean> {
    const factor = this.state.factors.get(factorId);
    if (!factor || (factor.lastUsedStep !== null && factor.lastUsedStep >= step)) return false;
    this.state.factors.set(factorId, { ...factor, lastUsedStep: step, updatedAt: at });
    return true;
  }

  async addChallenge(_em: EntityManager, challenge: Challenge): Promise<void> {
    // PostgreSQL's foreign key: a challenge belongs to an existing factor.
    if (!this.state.factors.has(challenge.factorId))
      throw new Error('insert or update on table "mfa_challenges" violates foreign key constraint');
    this.state.challenges.set(challenge.id, copy(challenge));
  }

  async challengeOf(_em: EntityManager, factorId: string, challengeId: string): Promise<Challenge | null> {
    const challenge = this.state.challenges.get(challengeId);
    return challenge?.factorId === factorId ? copy(challenge) : null;
  }

  async markChallengeVerified(_em: EntityManager, challengeId: string, at: Date): Promise<void> {
    const challenge = this.state.challenges.get(challengeId);
    if (challenge) this.state.challenges.set(challengeId, { ...challenge, verifiedAt: at });
  }

  async replaceRecoveryCodes(
    _em: EntityManager,
    userId: string,
    codeHashes: readonly string[],
    at: Date,
  ): Promise<void> {
    this.state.codes = this.state.codes.filter((code) => code.userId !== userId);
    for (const codeHash of codeHashes) this.state.codes.push({ userId, codeHash, createdAt: at, usedAt: null });
  }

  async spendRecoveryCode(_em: EntityManager, userId: string, codeHash: string, at: Date): Promise<boolean> {
    const code = this.state.codes.find(
      (entry) => entry.userId === userId && entry.codeHash === codeHash && entry.usedAt === null,
    );
    if (!code) return false;
    code.usedAt = at;
    return true;
  }

  async removeRecoveryCodes(_em: EntityManager, userId: string): Promise<void> {
    this.state.codes = this.state.codes.filter((code) => code.userId !== userId);
  }

  async recoveryCodesOf(_em: EntityManager, userId: string): Promise<RecoveryCodeState[]> {
    return this.state.codes
      .filter((code) => code.userId === userId)
      .map(({ createdAt, usedAt }) => ({ createdAt, usedAt }));
  }
}
