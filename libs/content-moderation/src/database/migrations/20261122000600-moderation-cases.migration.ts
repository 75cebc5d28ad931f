import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000600ModerationCases extends Migration {
  override async up(): Promise<void> {
    // Reports (48 h), takedown requests (24 h) and depicted-person appeals (7 business days).
    this.addSql(`
      create table moderation_cases (
        id uuid primary key,
        kind text not null check (kind in ('report', 'takedown', 'appeal')),
        subject_type text not null check (subject_type in ('content', 'store', 'account')),
        subject_id text not null,
        reason text not null,
        details text not null,
        reporter_user_id uuid null,
        reporter_email text null,
        status text not null default 'open' check (status in ('open', 'resolved')),
        outcome text null check (outcome in ('no_action', 'content_removed', 'content_restored', 'account_actioned')),
        resolution_note text null,
        opened_at timestamptz not null,
        due_at timestamptz not null,
        warned_at timestamptz null,
        escalated_at timestamptz null,
        claimed_by uuid null,
        claimed_at timestamptz null,
        resolved_by uuid null,
        resolved_at timestamptz null,
        check ((status = 'resolved') = (resolved_at is not null and outcome is not null)),
        check (due_at > opened_at)
      )`);
    this.addSql(
      `create index moderation_cases_open_by_deadline on moderation_cases (due_at, id) where status = 'open'`,
    );
    this.addSql(`create index moderation_cases_opened_at on moderation_cases (opened_at)`);
    // A missed deadline is recorded once, whatever retries or second workers do.
    this.addSql(`
      create table moderation_deadline_breaches (
        case_id uuid primary key references moderation_cases (id),
        kind text not null,
        due_at timestamptz not null,
        detected_at timestamptz not null
      )`);
    // One report per kind and period, whoever generates it first.
    this.addSql(`
      create table compliance_reports (
        id uuid primary key,
        kind text not null check (kind in ('monthly', 'quarterly')),
        period text not null,
        period_start timestamptz not null,
        period_end timestamptz not null,
        generated_at timestamptz not null,
        incidents integer not null,
        summary jsonb not null,
        csv text not null,
        unique (kind, period)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table compliance_reports`);
    this.addSql(`drop table moderation_deadline_breaches`);
    this.addSql(`drop table moderation_cases`);
  }
}
