import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { DIGEST_DEFAULT } from '../../domain/digest.js';
import { savedEmailDigest } from './messaging-preferences.queries.js';
import { MessagingPreferencesQuery, type MessagingPreferencesView } from './messaging-preferences.query.js';

@QueryHandler(MessagingPreferencesQuery)
export class MessagingPreferencesHandler implements IQueryHandler<MessagingPreferencesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: MessagingPreferencesQuery): Promise<MessagingPreferencesView> {
    return { emailDigest: (await savedEmailDigest(this.orm.em.fork(), userId)) ?? DIGEST_DEFAULT };
  }
}
