import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PostgresConversationRepository } from './conversation.repository.js';
import { PostgresMassSendProgress } from './mass-message.repository.js';
import { PostgresMessageRepository } from './message.repository.js';
import { MessagingStore, type MessagingRepositories } from './messaging-store.js';

/** The application's MessagingStore: one PostgreSQL transaction in a fresh unit of work (rows are read again under their locks). */
@Injectable()
export class PostgresMessagingStore extends MessagingStore {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  transaction<T>(work: (repositories: MessagingRepositories) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional((tx) =>
      work({
        conversations: new PostgresConversationRepository(tx),
        messages: new PostgresMessageRepository(tx),
        massSends: new PostgresMassSendProgress(tx),
      }),
    );
  }
}
