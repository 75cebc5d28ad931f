import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { DIGEST_DEFAULT } from '../../domain/digest.js';
import { MessagingPreferencesQuery, type MessagingPreferencesView } from './messaging-preferences.query.js';

@QueryHandler(MessagingPreferencesQuery)
export class MessagingPreferencesHandler implements IQueryHandler<MessagingPreferencesQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: MessagingPreferencesQuery): Promise<MessagingPreferencesView> {
    const [row] = await this.orm.em.fork().execute<{ email_digest: boolean }[]>(`select email_digest from messaging_preferences where user_id = ?`, [userId]);
    return { emailDigest: row ? row.email_digest : DIGEST_DEFAULT };
  }
}
