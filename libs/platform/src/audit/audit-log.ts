import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  auditLogPage,
  insertAuditRecord,
  type AuditPageFilter,
  type StoredAuditEntry,
} from './audit-log.repository.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

/** Every moderator and admin action, written in the same transaction as the action itself. */
@Injectable()
export class AuditLog {
  async record(em: EntityManager, entry: AuditEntry): Promise<void> {
    await insertAuditRecord(em, {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
      ipAddress: entry.ipAddress ?? null,
    });
  }

  /** A page of the log for the staff console, newest first. */
  page(em: EntityManager, filter: AuditPageFilter): Promise<StoredAuditEntry[]> {
    return auditLogPage(em, filter);
  }
}
