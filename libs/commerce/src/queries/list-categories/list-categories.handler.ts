import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { STORE_CATEGORIES } from '../../domain/store-categories.js';
import { countStoresByCategory } from './list-categories.queries.js';
import { ListCategoriesQuery, type CategoryView } from './list-categories.query.js';

@QueryHandler(ListCategoriesQuery)
export class ListCategoriesHandler implements IQueryHandler<ListCategoriesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute(): Promise<CategoryView[]> {
    const rows = await countStoresByCategory(this.orm.em.fork());
    const counts = new Map(rows.map((row) => [row.slug, row]));
    return STORE_CATEGORIES.map((category) => ({
      ...category,
      storeCount: counts.get(category.slug)?.stores ?? 0,
      adultStoreCount: counts.get(category.slug)?.adult ?? 0,
    }));
  }
}
