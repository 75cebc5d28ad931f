import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'outbox_message' })
export class OutboxMessage {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'text' })
  queue!: string;

  @Property({ type: 'text' })
  jobName!: string;

  @Property({ type: 'json' })
  payload!: Record<string, unknown>;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  availableAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  /** The request that wrote the row; the job carries it into the worker's logs. */
  @Property({ type: 'text', nullable: true })
  requestId: string | null = null;
}
