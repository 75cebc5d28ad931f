import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type AuthMethod = 'password' | 'otp' | 'recovery' | 'totp' | 'recovery_code';

@Entity({ tableName: 'mfa_amr_claims' })
export class AmrClaim {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  sessionId!: string;

  @Property({ type: 'text' })
  authenticationMethod!: AuthMethod;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
