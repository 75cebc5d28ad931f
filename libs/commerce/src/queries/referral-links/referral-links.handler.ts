import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { MyReferralLinksQuery } from './referral-links.query.js';
import { toReferralLinkView, type ReferralLinkView } from './referral-link-view.js';
import { listOwnerReferralLinks } from './referral-links.queries.js';

@QueryHandler(MyReferralLinksQuery)
export class MyReferralLinksHandler implements IQueryHandler<MyReferralLinksQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ownerId }: MyReferralLinksQuery): Promise<ReferralLinkView[]> {
    const rows = await listOwnerReferralLinks(this.orm.em.fork(), ownerId);
    return rows.map((row) => toReferralLinkView(row, this.config.PUBLIC_URL));
  }
}
