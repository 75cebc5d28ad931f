import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type CollaborationStatus = 'requested' | 'approved' | 'rejected' | 'removed';

@Entity({ tableName: 'collaborations' })
export class Collaboration {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  creatorId!: string;

  @Property({ type: 'uuid' })
  collaboratorId!: string;

  @Property({ type: 'text' })
  status: CollaborationStatus = 'requested';

  @Property({ type: 'text' })
  message: string = '';

  @Property({ type: 'boolean' })
  canVideos: boolean = false;

  @Property({ type: 'boolean' })
  canAlbums: boolean = false;

  @Property({ type: 'text', nullable: true, hidden: true })
  releaseFormKey: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  releaseFormUploadedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  requestedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;
}
