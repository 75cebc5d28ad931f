import type { EntityManager } from '@mikro-orm/postgresql';

/** One audit_log row as written; the id and time are the database's. */
export interface AuditRecord {
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
}

/** A stored entry, its id as text (a bigint that outgrows JavaScript numbers). */
export interface StoredAuditEntry extends AuditRecord {
  id: string;
  createdAt: Date;
}

export interface AuditPageFilter {
  /** Entries older than this id only (the page before). */
  before?: string;
  /** Entries whose action starts with this text only. */
  actionPrefix?: string;
  limit: number;
}

export async function insertAuditRecord(em: EntityManager, record: AuditRecord): Promise<void> {
  await em.execute(
    `insert into audit_log (actor_id, action, target_type, target_id, details, ip_address) values (?, ?, ?, ?, ?, ?)`,
    [
      record.actorId,
      record.action,
      record.targetType,
      record.targetId,
      JSON.stringify(record.details),
      record.ipAddress,
    ],
  );
}

/** Newest first, at most `limit` entries. */
export async function auditLogPage(em: EntityManager, filter: AuditPageFilter): Promise<StoredAuditEntry[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.before) {
    where.push('a.id < ?');
    params.push(filter.before);
  }
  if (filter.actionPrefix) {
    where.push(`a.action like ? escape '\\'`);
    params.push(`${filter.actionPrefix.replace(/[\\%_]/g, '\\$&')}%`);
  }
  params.push(filter.limit);
  const rows = await em.execute<
    {
      id: string;
      created_at: Date | string;
      actor_id: string | null;
      action: string;
      target_type: string | null;
      target_id: string | null;
      details: Record<string, unknown>;
      ip_address: string | null;
    }[]
  >(
    `select a.id::text as id, a.created_at, a.actor_id, a.action, a.target_type, a.target_id, a.details, a.ip_address
       from audit_log a
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by a.id desc limit ?`,
    params,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    actorId: row.actor_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details,
    ipAddress: row.ip_address,
  }));
}
