import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { MfaFactor } from '../entities/mfa-factor.entity.js';
import { MfaChallenge } from '../entities/mfa-challenge.entity.js';
import { RecoveryCode } from '../entities/recovery-code.entity.js';
import {
  FactorNameTaken,
  MfaRepository,
  type Challenge,
  type Factor,
  type RecoveryCodeState,
} from './mfa.repository.js';

// Reads refresh: a value read after a write in the same transaction is the row, not an entity loaded before it.
const fresh = { refresh: true } as const;

const toFactor = (row: MfaFactor): Factor => ({
  id: row.id,
  userId: row.userId,
  friendlyName: row.friendlyName,
  status: row.status,
  secretEncrypted: row.secretEncrypted,
  lastChallengedAt: row.lastChallengedAt ? new Date(row.lastChallengedAt) : null,
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

const toChallenge = (row: MfaChallenge): Challenge => ({
  id: row.id,
  factorId: row.factorId,
  ipAddress: row.ipAddress,
  createdAt: new Date(row.createdAt),
  verifiedAt: row.verifiedAt ? new Date(row.verifiedAt) : null,
});

@Injectable()
export class PostgresMfaRepository extends MfaRepository {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  async factorsOf(em: EntityManager, userId: string): Promise<Factor[]> {
    return (await em.find(MfaFactor, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' }, ...fresh })).map(toFactor);
  }

  async factorOf(em: EntityManager, userId: string, factorId: string): Promise<Factor | null> {
    const row = await em.findOne(MfaFactor, { id: factorId, userId }, fresh);
    return row ? toFactor(row) : null;
  }

  async hasChallenges(em: EntityManager, factorId: string): Promise<boolean> {
    return (await em.count(MfaChallenge, { factorId })) > 0;
  }

  async addFactor(em: EntityManager, factor: Factor): Promise<void> {
    try {
      await em.insert(MfaFactor, { ...factor, factorType: 'totp', lastUsedStep: null } as never);
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? new FactorNameTaken(factor.friendlyName) : error;
    }
  }

  async saveFactor(em: EntityManager, factor: Factor): Promise<void> {
    const { status, lastChallengedAt, updatedAt } = factor;
    await em.nativeUpdate(MfaFactor, { id: factor.id }, { status, lastChallengedAt, updatedAt });
  }

  async removeFactors(em: EntityManager, factorIds: readonly string[]): Promise<void> {
    if (factorIds.length) await em.nativeDelete(MfaFactor, { id: { $in: [...factorIds] } });
  }

  async claimStep(em: EntityManager, factorId: string, step: number, at: Date): Promise<boolean> {
    // One statement, so two requests racing with the same code cannot both pass.
    const claimed = await em.execute<{ id: string }[]>(
      `update mfa_factors set last_used_step = ?, updated_at = ? where id = ? and (last_used_step is null or last_used_step < ?) returning id`,
      [step, at, factorId, step],
    );
    return claimed.length > 0;
  }

  async addChallenge(em: EntityManager, challenge: Challenge): Promise<void> {
    await em.insert(MfaChallenge, { ...challenge } as never);
  }

  async challengeOf(em: EntityManager, factorId: string, challengeId: string): Promise<Challenge | null> {
    const row = await em.findOne(MfaChallenge, { id: challengeId, factorId }, fresh);
    return row ? toChallenge(row) : null;
  }

  async markChallengeVerified(em: EntityManager, challengeId: string, at: Date): Promise<void> {
    await em.nativeUpdate(MfaChallenge, { id: challengeId }, { verifiedAt: at });
  }

  async replaceRecoveryCodes(
    em: EntityManager,
    userId: string,
    codeHashes: readonly string[],
    at: Date,
  ): Promise<void> {
    await em.nativeDelete(RecoveryCode, { userId });
    if (codeHashes.length)
      await em.insertMany(
        RecoveryCode,
        codeHashes.map((codeHash) => em.create(RecoveryCode, { userId, codeHash, createdAt: at } as never)),
      );
  }

  async spendRecoveryCode(em: EntityManager, userId: string, codeHash: string, at: Date): Promise<boolean> {
    // One statement, so two requests racing with the same code cannot both spend it.
    const spent = await em.execute<{ id: string }[]>(
      `update mfa_recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null returning id`,
      [at, userId, codeHash],
    );
    return spent.length > 0;
  }

  async removeRecoveryCodes(em: EntityManager, userId: string): Promise<void> {
    await em.nativeDelete(RecoveryCode, { userId });
  }

  async recoveryCodesOf(em: EntityManager, userId: string): Promise<RecoveryCodeState[]> {
    const rows = await em.find(RecoveryCode, { userId }, fresh);
    return rows.map((row) => ({
      createdAt: new Date(row.createdAt),
      usedAt: row.usedAt ? new Date(row.usedAt) : null,
    }));
  }
}
