import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type FactorStatus = 'unverified' | 'verified';

@Entity({ tableName: 'mfa_factors' })
export class MfaFactor {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  friendlyName = '';

  @Property({ type: 'text' })
  factorType = 'totp' as const;

  @Property({ type: 'text' })
  status: FactorStatus = 'unverified';

  /** The TOTP secret, AES-256-GCM encrypted (domain/secret-box.ts). */
  @Property({ type: 'text', hidden: true })
  secretEncrypted!: string;

  /** The last accepted time step: a code is accepted once (ASVS 6.5.1). */
  @Property({ type: 'bigint', nullable: true })
  lastUsedStep: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastChallengedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
