import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'policy_versions' })
export class PolicyVersion {
  @PrimaryKey({ type: 'text' })
  consentType!: string;

  @PrimaryKey({ type: 'text' })
  version!: string;

  @Property({ type: 'timestamptz' })
  effectiveAt!: Date;

  @Property({ type: 'text' })
  documentPath!: string;
}
