import { BigIntType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Audience } from '../domain/who-may-message.js';

/** A creator's choice of who may write to them. */
@Entity({ tableName: 'messaging_settings' })
export class MessagingSettingRow {
  @PrimaryKey({ type: 'uuid' })
  creatorId!: string;

  @Property({ type: 'text' })
  audience!: Audience;

  @Property({ type: new BigIntType('number'), nullable: true })
  priceMinor: number | null = null;

  @Property({ type: 'text', nullable: true })
  currency: string | null = null;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
