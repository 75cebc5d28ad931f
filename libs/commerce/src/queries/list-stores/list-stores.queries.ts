import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoreCursor, StoreSort } from '../../domain/store-cursor.js';

export interface SummaryRow {
  id: string;
  slug: string;
  display_name: string;
  tagline: string | null;
  accent_color: string;
  is_nsfw: boolean;
  categories: string[];
  created_at: Date | string;
  name_key: string;
}

/** A directory search, its cursor already decoded. */
export interface StoreSearch {
  category?: string;
  q?: string;
  sort: StoreSort;
  cursor?: StoreCursor;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The conditions of the search on active stores, adult ones included, the cursor left out. */
function matching(search: StoreSearch): { where: string[]; params: unknown[] } {
  const where = [`status = 'active'`];
  const params: unknown[] = [];
  if (search.category !== undefined) {
    where.push('categories @> array[?]::text[]');
    params.push(search.category);
  }
  const q = search.q?.trim();
  if (q) {
    where.push('(display_name ilike ? or tagline ilike ? or slug ilike ?)');
    const pattern = `%${escapeLike(q)}%`;
    params.push(pattern, pattern, pattern);
  }
  return { where, params };
}

/** How many adult stores the search matches. */
export async function countAdultStores(em: EntityManager, search: StoreSearch): Promise<number> {
  const { where, params } = matching(search);
  const [row] = await em.execute<{ adult: number }[]>(
    `select count(*)::int as adult from stores where ${where.join(' and ')} and is_nsfw`,
    params,
  );
  return row.adult;
}

/** One page of the search past the cursor, plus one row to tell whether a next page exists; adult stores only when signed in. */
export function listStoreSummaries(em: EntityManager, search: StoreSearch, signedIn: boolean): Promise<SummaryRow[]> {
  const { where, params } = matching(search);
  if (!signedIn) where.push('not is_nsfw');
  if (search.cursor) {
    where.push(
      search.sort === 'newest'
        ? '(created_at, id) < (?::timestamptz, ?::uuid)'
        : '(lower(display_name), id) > (?, ?::uuid)',
    );
    params.push(search.cursor.key, search.cursor.id);
  }
  const order = search.sort === 'newest' ? 'created_at desc, id desc' : 'lower(display_name) asc, id asc';
  return em.execute<SummaryRow[]>(
    `select id, slug, display_name, tagline, accent_color, is_nsfw, categories, created_at, lower(display_name) as name_key
       from stores where ${where.join(' and ')} order by ${order} limit ?`,
    [...params, search.limit + 1],
  );
}
