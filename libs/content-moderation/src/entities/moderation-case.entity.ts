import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import type { CaseKind } from '../domain/business-days.js';

/** What anyone may report through the public form; messages and conversations are reported by their members, through messaging. */
export const REPORTABLE_SUBJECT_TYPES = ['content', 'store', 'account'] as const;
export type ReportableSubjectType = (typeof REPORTABLE_SUBJECT_TYPES)[number];
export const SUBJECT_TYPES = [...REPORTABLE_SUBJECT_TYPES, 'message', 'conversation'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];
export const CASE_OUTCOMES = ['no_action', 'content_removed', 'content_restored', 'account_actioned'] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];

/** Prohibited-content grounds (SPEC §5) plus the everyday ones. */
export const REPORT_REASONS = [
  'minor',
  'non_consensual',
  'violence',
  'hate',
  'bestiality',
  'extreme',
  'copyright',
  'impersonation',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report, takedown request or appeal, with the deadline the policy gives it. */
@Entity({ tableName: 'moderation_cases' })
export class ModerationCase {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  kind!: CaseKind;

  @Property({ type: 'text' })
  subjectType!: SubjectType;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'text' })
  details!: string;

  @Property({ type: 'uuid', nullable: true })
  reporterUserId: string | null = null;

  @Property({ type: 'text', nullable: true })
  reporterEmail: string | null = null;

  @Property({ type: 'text' })
  status: 'open' | 'resolved' = 'open';

  @Property({ type: 'text', nullable: true })
  outcome: CaseOutcome | null = null;

  @Property({ type: 'text', nullable: true })
  resolutionNote: string | null = null;

  @Property({ type: 'timestamptz' })
  openedAt!: Date;

  @Property({ type: 'timestamptz' })
  dueAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  warnedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  escalatedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  claimedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  resolvedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null = null;
}
