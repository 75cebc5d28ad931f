import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

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
    await em.execute(
      `insert into audit_log (actor_id, action, target_type, target_id, details, ip_address) values (?, ?, ?, ?, ?, ?)`,
      [
        entry.actorId,
        entry.action,
        entry.targetType ?? null,
        entry.targetId ?? null,
        JSON.stringify(entry.details ?? {}),
        entry.ipAddress ?? null,
      ],
    );
  }
}
