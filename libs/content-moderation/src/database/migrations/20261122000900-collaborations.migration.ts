import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000900Collaborations extends Migration {
  override async up(): Promise<void> {
    // A creator's collaborator list (SPEC §2 Collaborators, §5): requests, approval, permissions, release forms.
    this.addSql(`
      create table collaborations (
        id uuid primary key,
        creator_id uuid not null,
        collaborator_id uuid not null,
        status text not null default 'requested' check (status in ('requested', 'approved', 'rejected', 'removed')),
        message text not null default '',
        can_videos boolean not null default false,
        can_albums boolean not null default false,
        release_form_key text null,
        release_form_uploaded_at timestamptz null,
        requested_at timestamptz not null,
        decided_at timestamptz null,
        check (creator_id <> collaborator_id)
      )`);
    this.addSql(
      `create unique index collaborations_one_live_pair on collaborations (creator_id, collaborator_id) where status in ('requested', 'approved')`,
    );
    this.addSql(`create index collaborations_by_collaborator on collaborations (collaborator_id)`);
    // Who appears in an item: each must be cleared before the item can be approved.
    this.addSql(`
      create table content_collaborators (
        content_id uuid not null references content_items (id) on delete cascade,
        collaborator_id uuid not null,
        primary key (content_id, collaborator_id)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table content_collaborators`);
    this.addSql(`drop table collaborations`);
  }
}
