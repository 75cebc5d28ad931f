export const STORE_SORTS = ['newest', 'name'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/** Where a listing page ended: the sort key and id of its last store (keyset pagination). */
export interface StoreCursor {
  sort: StoreSort;
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(cursor: StoreCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor, or null when it was not made by encodeCursor for this sort order. */
export function decodeCursor(text: string, sort: StoreSort): StoreCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [cursorSort, key, id] = parsed as unknown[];
    if (cursorSort !== sort || typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    if (sort === 'newest' && Number.isNaN(Date.parse(key))) return null;
    return { sort, key, id };
  } catch {
    return null;
  }
}
