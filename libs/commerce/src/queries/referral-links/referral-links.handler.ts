import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { MyReferralLinksQuery } from './referral-links.query.js';
import { REFERRAL_LINK_GROUP, REFERRAL_LINK_SELECT, toReferralLinkView, type ReferralLinkRow, type ReferralLinkView } from './referral-link-view.js';

@QueryHandler(MyReferralLinksQuery)
export class MyReferralLinksHandler implements IQueryHandler<MyReferralLinksQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ownerId }: MyReferralLinksQuery): Promise<ReferralLinkView[]> {
    const rows = await this.orm.em.getConnection().execute<ReferralLinkRow[]>(`${REFERRAL_LINK_SELECT} where l.owner_id = ? ${REFERRAL_LINK_GROUP} order by l.created_at desc`, [ownerId]);
    return rows.map((row) => toReferralLinkView(row, this.config.PUBLIC_URL));
  }
}
