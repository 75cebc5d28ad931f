import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000200Consent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table policy_versions (
        consent_type text not null,
        version text not null,
        effective_at timestamptz not null,
        document_path text not null,
        primary key (consent_type, version)
      )`);
    this.addSql(`
      insert into policy_versions (consent_type, version, effective_at, document_path) values
        ('terms_of_service', '1.0.0', '2025-03-01', '/terms'),
        ('privacy_policy', '1.0.0', '2025-01-01', '/privacy'),
        ('marketing_emails', '1.0.0', '2025-03-01', '/privacy')`);
    this.addSql(`
      create table consent_records (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null,
        consent_type text not null,
        version text not null,
        granted boolean not null default true,
        ip_address text null,
        user_agent text null,
        client_ip_address text null,
        client_user_agent text null,
        recorded_at timestamptz not null default now(),
        foreign key (consent_type, version) references policy_versions (consent_type, version)
      )`);
    this.addSql(`create index consent_records_user_idx on consent_records (user_id, consent_type, recorded_at desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists consent_records, policy_versions`);
  }
}
