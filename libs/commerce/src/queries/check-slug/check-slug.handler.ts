import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { checkSlug } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { CheckSlugQuery, type SlugAvailability } from './check-slug.query.js';

@QueryHandler(CheckSlugQuery)
export class CheckSlugHandler implements IQueryHandler<CheckSlugQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute(query: CheckSlugQuery): Promise<SlugAvailability> {
    const checked = checkSlug(query.slug);
    if (!checked.ok) return { slug: checked.slug, available: false, reason: checked.message };
    // Suspended stores keep their address: links to them must not lead to somebody else.
    const taken = (await this.orm.em.fork().count(Store, { slug: checked.slug })) > 0;
    return { slug: checked.slug, available: !taken, reason: taken ? CommerceErrors.slugTaken().message : null };
  }
}
