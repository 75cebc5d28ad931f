import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { decodeCursor, encodeCursor } from '../../domain/store-cursor.js';
import { findCategory } from '../../domain/store-categories.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { ListStoresQuery, type StorePage } from './list-stores.query.js';

interface SummaryRow {
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

@QueryHandler(ListStoresQuery)
export class ListStoresHandler implements IQueryHandler<ListStoresQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ filter }: ListStoresQuery): Promise<StorePage> {
    const where = [`status = 'active'`];
    const params: unknown[] = [];
    if (filter.category !== undefined) {
      if (findCategory(filter.category)?.nsfw && !filter.signedIn) throw CommerceErrors.adultCategory();
      where.push('categories @> array[?]::text[]');
      params.push(filter.category);
    }
    const q = filter.q?.trim();
    if (q) {
      where.push('(display_name ilike ? or tagline ilike ? or slug ilike ?)');
      const pattern = `%${escapeLike(q)}%`;
      params.push(pattern, pattern, pattern);
    }
    const connection = this.orm.em.fork().getConnection();
    // The same search without the adult stores it hides, so a signed-out visitor is told they exist (the category counts them).
    const [hidden] = filter.signedIn
      ? [{ adult: 0 }]
      : await connection.execute<{ adult: number }[]>(`select count(*)::int as adult from stores where ${where.join(' and ')} and is_nsfw`, params);
    if (!filter.signedIn) where.push('not is_nsfw');
    if (filter.cursor !== undefined) {
      const cursor = decodeCursor(filter.cursor, filter.sort);
      if (!cursor) throw CommerceErrors.badCursor();
      where.push(filter.sort === 'newest' ? '(created_at, id) < (?::timestamptz, ?::uuid)' : '(lower(display_name), id) > (?, ?::uuid)');
      params.push(cursor.key, cursor.id);
    }
    const order = filter.sort === 'newest' ? 'created_at desc, id desc' : 'lower(display_name) asc, id asc';
    const rows = await connection.execute<SummaryRow[]>(
      `select id, slug, display_name, tagline, accent_color, is_nsfw, categories, created_at, lower(display_name) as name_key
         from stores where ${where.join(' and ')} order by ${order} limit ?`,
      [...params, filter.limit + 1],
    );
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => ({
        slug: row.slug,
        displayName: row.display_name,
        tagline: row.tagline,
        accentColor: row.accent_color,
        isNsfw: row.is_nsfw,
        categories: row.categories,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      nextCursor:
        rows.length > filter.limit
          ? encodeCursor({ sort: filter.sort, key: filter.sort === 'newest' ? new Date(last.created_at).toISOString() : last.name_key, id: last.id })
          : null,
      adultStoresHidden: hidden.adult,
    };
  }
}
