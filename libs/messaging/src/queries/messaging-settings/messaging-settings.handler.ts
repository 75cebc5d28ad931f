import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { StoreOwnerQuery } from '#app/commerce';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingSettings } from './messaging-settings.js';
import { MessagingSettingsQuery, type MessagingSettingsView } from './messaging-settings.query.js';

@QueryHandler(MessagingSettingsQuery)
export class MessagingSettingsHandler implements IQueryHandler<MessagingSettingsQuery> {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MessagingSettings) private readonly settings: MessagingSettings,
  ) {}

  async execute({ creatorId }: MessagingSettingsQuery): Promise<MessagingSettingsView> {
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store) throw MessagingErrors.notACreator();
    return { ...(await this.settings.of(creatorId)), storeCurrency: store.currency };
  }
}
