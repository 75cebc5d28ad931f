import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'content_media' })
export class ContentMedia {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  contentId!: string;

  @Property({ type: 'text' })
  uploadId!: string;

  @Property({ type: 'text' })
  mediaType!: 'video' | 'image';

  @Property({ type: 'text' })
  format!: string;

  @Property({ type: 'text' })
  originalName!: string;

  @Property({ type: 'bigint' })
  sizeBytes!: string;

  @Property({ type: 'text' })
  status: 'uploaded' | 'ready' | 'failed' = 'uploaded';

  @Property({ type: 'integer', nullable: true })
  width: number | null = null;

  @Property({ type: 'integer', nullable: true })
  height: number | null = null;

  @Property({ type: 'decimal', nullable: true })
  durationSeconds: string | null = null;

  @Property({ type: 'text', nullable: true })
  thumbnailKey: string | null = null;

  @Property({ type: 'text', nullable: true })
  cleanKey: string | null = null;

  /** Videos: a ten-second, 480 px, silent teaser. */
  @Property({ type: 'text', nullable: true })
  previewKey: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
