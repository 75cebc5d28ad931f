import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'processed_message' })
export class ProcessedMessage {
  @PrimaryKey({ type: 'text' })
  consumer!: string;

  @PrimaryKey({ type: 'text' })
  messageId!: string;

  @Property({ type: 'timestamptz' })
  processedAt: Date = new Date();
}
