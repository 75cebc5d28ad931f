import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import type { OneTimeTokenKind } from './one-time-token.entity.js';
import type { CodeChallengeMethod } from '../domain/pkce.js';

/** A PKCE email flow (contract §8): the client's code challenge, then the auth code its link produced. */
@Entity({ tableName: 'flow_states' })
export class FlowState {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  kind!: OneTimeTokenKind;

  @Property({ type: 'text' })
  codeChallenge!: string;

  @Property({ type: 'text' })
  codeChallengeMethod!: CodeChallengeMethod;

  @Property({ type: 'text', nullable: true })
  authCodeHash: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  authCodeIssuedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
