import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog, type AuditEntry } from '#app/platform';

/** The audit log, recording the entries a transaction would write instead of inserting them. */
export class RecordingAuditLog extends AuditLog {
  readonly entries: AuditEntry[] = [];

  override async record(_em: EntityManager, entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
  }

  actions(): string[] {
    return this.entries.map((entry) => entry.action);
  }
}
