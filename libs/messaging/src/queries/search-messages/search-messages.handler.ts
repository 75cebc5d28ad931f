import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';
import { SearchMessagesQuery, type MessageSearchView } from './search-messages.query.js';

/** Letters and digits only: a search word can never be read as tsquery syntax. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/**
 * PostgreSQL full text over a generated tsvector with a GIN index on every month partition: built
 * in (no extension to install on the embedded server), with the 'simple' configuration because
 * messages come in every language (no stemming, no stop words), each word matched as a prefix.
 */
@QueryHandler(SearchMessagesQuery)
export class SearchMessagesHandler implements IQueryHandler<SearchMessagesQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
  ) {}

  async execute({ userId, text, limit }: SearchMessagesQuery): Promise<MessageSearchView> {
    const words = searchWords(text);
    if (words.length === 0) return { items: [] };
    const em = this.orm.em.fork();
    return { items: await this.messages.views(em, await this.messages.search(em, userId, words, limit), userId) };
  }
}
