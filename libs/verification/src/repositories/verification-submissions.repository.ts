import type { EntityManager } from '@mikro-orm/postgresql';

/** A PostgreSQL array literal of uuids, bound as one parameter (`= any(?::uuid[])`). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** An ID check's row as erasure and the end of record keeping need it: its state and its two image files. */
export interface SubmissionRecord {
  id: string;
  status: 'processing' | 'accepted' | 'rejected';
  userPhotoKey: string;
  idPhotoKey: string;
}

interface SubmissionRow {
  id: string;
  status: SubmissionRecord['status'];
  user_photo_key: string;
  id_photo_key: string;
}

const toRecord = (row: SubmissionRow): SubmissionRecord => ({
  id: row.id,
  status: row.status,
  userPhotoKey: row.user_photo_key,
  idPhotoKey: row.id_photo_key,
});

/** Every ID check of a person, locked for the caller's transaction. */
export async function lockSubmissionsOf(em: EntityManager, userId: string): Promise<SubmissionRecord[]> {
  const rows = await em.execute<SubmissionRow[]>(
    `select id, status, user_photo_key, id_photo_key from verification_submissions where user_id = ? for update`,
    [userId],
  );
  return rows.map(toRecord);
}

/**
 * Up to `limit` records whose retention ended by `now`, longest due first, locked for the caller's
 * transaction; rows another worker holds are skipped.
 */
export async function lockRetentionEnded(em: EntityManager, now: Date, limit: number): Promise<SubmissionRecord[]> {
  const rows = await em.execute<SubmissionRow[]>(
    `select id, status, user_photo_key, id_photo_key from verification_submissions
      where retained_until is not null and retained_until <= ? order by retained_until limit ? for update skip locked`,
    [now, limit],
  );
  return rows.map(toRecord);
}

export async function deleteSubmissions(em: EntityManager, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await em.execute(`delete from verification_submissions where id = any(?::uuid[])`, [uuidArray(ids)]);
}

/** Keeps the records until `until` (record keeping after the account is gone). */
export async function retainSubmissions(em: EntityManager, ids: readonly string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await em.execute(`update verification_submissions set retained_until = ? where id = any(?::uuid[])`, [
    until,
    uuidArray(ids),
  ]);
}

/** Who submitted an ID check (none when there is no such check). */
export async function submitterOf(em: EntityManager, submissionId: string): Promise<string[]> {
  const rows = await em.execute<{ user_id: string }[]>(`select user_id from verification_submissions where id = ?`, [
    submissionId,
  ]);
  return rows.map((row) => row.user_id);
}
