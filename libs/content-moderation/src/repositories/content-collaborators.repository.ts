import type { EntityManager } from '@mikro-orm/postgresql';

/** A PostgreSQL array literal of uuids, bound as one parameter (`= any(?::uuid[])`). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** The people a content item features (content_collaborators), replaced as a whole. */
export async function replaceContentCollaborators(
  em: EntityManager,
  contentId: string,
  collaboratorIds: readonly string[],
): Promise<void> {
  await em.execute(`delete from content_collaborators where content_id = ?`, [contentId]);
  for (const collaboratorId of collaboratorIds)
    await em.execute(`insert into content_collaborators (content_id, collaborator_id) values (?, ?)`, [
      contentId,
      collaboratorId,
    ]);
}

/** The collaborators one item features, by id. */
export async function contentCollaboratorIds(em: EntityManager, contentId: string): Promise<string[]> {
  const rows = await em.execute<{ collaborator_id: string }[]>(
    `select collaborator_id from content_collaborators where content_id = ? order by collaborator_id`,
    [contentId],
  );
  return rows.map((row) => row.collaborator_id);
}

/** The collaborators each of the items features (items featuring nobody are left out). */
export async function collaboratorsByContent(
  em: EntityManager,
  contentIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byItem = new Map<string, string[]>();
  if (contentIds.length === 0) return byItem;
  const rows = await em.execute<{ content_id: string; collaborator_id: string }[]>(
    `select content_id, collaborator_id from content_collaborators where content_id = any(?::uuid[]) order by collaborator_id`,
    [uuidArray(contentIds)],
  );
  for (const row of rows) byItem.set(row.content_id, [...(byItem.get(row.content_id) ?? []), row.collaborator_id]);
  return byItem;
}

/** Whose work a content item is: its creator and everyone it features. */
export async function contentOwnerIds(em: EntityManager, contentId: string): Promise<string[]> {
  const rows = await em.execute<{ owner: string }[]>(
    `select creator_id as owner from content_items where id = ? union select collaborator_id from content_collaborators where content_id = ?`,
    [contentId, contentId],
  );
  return rows.map((row) => row.owner);
}
