import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The person's profile picture: one per account, stored as a private (encrypted) file, served re-encoded only. */
@Entity({ tableName: 'account_avatars' })
export class AccountAvatar {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  /** The PrivateFiles key of the re-encoded WebP. */
  @Property({ type: 'text' })
  fileKey!: string;

  /** Changes with every upload: the image link carries it, so a new picture is never a cached old one. */
  @Property({ type: 'text' })
  version!: string;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
