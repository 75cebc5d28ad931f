import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { decodeCursor, encodeCursor } from '../../domain/store-cursor.js';
import { findCategory } from '../../domain/store-categories.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { countAdultStores, listStoreSummaries } from './list-stores.queries.js';
import { ListStoresQuery, type StorePage } from './list-stores.query.js';

@QueryHandler(ListStoresQuery)
export class ListStoresHandler implements IQueryHandler<ListStoresQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ filter }: ListStoresQuery): Promise<StorePage> {
    if (filter.category !== undefined && findCategory(filter.category)?.nsfw && !filter.signedIn)
      throw CommerceErrors.adultCategory();
    const cursor = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor, filter.sort);
    if (cursor === null) throw CommerceErrors.badCursor();
    const search = { category: filter.category, q: filter.q, sort: filter.sort, cursor, limit: filter.limit };
    const em = this.orm.em.fork();
    // The same search without the adult stores it hides, so a signed-out visitor is told they exist (the category counts them).
    const hidden = filter.signedIn ? 0 : await countAdultStores(em, search);
    const rows = await listStoreSummaries(em, search, filter.signedIn);
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
          ? encodeCursor({
              sort: filter.sort,
              key: filter.sort === 'newest' ? new Date(last.created_at).toISOString() : last.name_key,
              id: last.id,
            })
          : null,
      adultStoresHidden: hidden,
    };
  }
}
