import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { REFERRAL_LINK_GROUP, REFERRAL_LINK_SELECT, toReferralLinkView, type ReferralLinkRow } from '../../queries/referral-links/referral-link-view.js';
import { CreateReferralLinkCommand } from './create-referral-link.command.js';
import { SellableItems } from '../../queries/sellable-items/sellable-items.js';

/** Ten letters and digits: short enough to share, far too many to guess. */
const newCode = () => randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 10);

@CommandHandler(CreateReferralLinkCommand)
export class CreateReferralLinkHandler implements ICommandHandler<CreateReferralLinkCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(SellableItems) private readonly items: SellableItems,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ownerId, contentId }: CreateReferralLinkCommand) {
    const content = await this.items.find(contentId);
    if (!content) throw PurchaseErrors.contentNotFound();
    if (content.kind !== 'album' || content.creatorId === ownerId) throw PurchaseErrors.referralNotAllowed();
    const em = this.orm.em.fork();
    const inserted = await em.execute<{ id: string }[]>(
      `insert into referral_links (id, code, owner_id, content_id, store_id, content_title, created_at)
       select ?, ?, ?, ?, s.id, ?, ? from stores s where s.owner_id = ? and s.status = 'active' and s.referrals_enabled
       on conflict (owner_id, content_id) do nothing returning id`,
      [randomUUID(), newCode(), ownerId, contentId, content.title, this.clock.now(), content.creatorId],
    );
    const [row] = await em.execute<ReferralLinkRow[]>(`${REFERRAL_LINK_SELECT} where l.owner_id = ? and l.content_id = ? ${REFERRAL_LINK_GROUP}`, [ownerId, contentId]);
    if (!row) throw PurchaseErrors.referralNotAllowed();
    return { link: toReferralLinkView(row, this.config.PUBLIC_URL), created: inserted.length > 0 };
  }
}
