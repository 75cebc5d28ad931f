import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const ANALYTICS_KINDS = ['page_view', 'event'] as const;
export const ANALYTICS_CATEGORIES = ['Authentication', 'Error'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number];

/**
 * One first-party analytics event, sent only by browsers whose visitor chose 'Accept All'.
 * Nothing identifying is kept: no user id, no address, no user agent.
 */
@Entity({ tableName: 'analytics_events' })
export class AnalyticsEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'text' })
  kind!: AnalyticsKind;

  @Property({ type: 'text', nullable: true })
  category: AnalyticsCategory | null = null;

  @Property({ type: 'text', nullable: true })
  action: string | null = null;

  @Property({ type: 'text', nullable: true })
  label: string | null = null;

  @Property({ type: 'text' })
  path!: string;

  @Property({ type: 'timestamptz' })
  receivedAt!: Date;
}
