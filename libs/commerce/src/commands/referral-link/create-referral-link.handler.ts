import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { toReferralLinkView } from '../../queries/referral-links/referral-link-view.js';
import { findOwnerReferralLink } from '../../queries/referral-links/referral-links.queries.js';
import { insertReferralLink } from '../../repositories/referral-links.repository.js';
import { CreateReferralLinkCommand } from './create-referral-link.command.js';
import { SellableItems } from '../../queries/sellable-items/sellable-items.read-model.js';

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
    const created = await insertReferralLink(em, {
      id: randomUUID(),
      code: newCode(),
      ownerId,
      contentId,
      contentTitle: content.title,
      creatorId: content.creatorId,
      createdAt: this.clock.now(),
    });
    const row = await findOwnerReferralLink(em, ownerId, contentId);
    if (!row) throw PurchaseErrors.referralNotAllowed();
    return { link: toReferralLinkView(row, this.config.PUBLIC_URL), created };
  }
}
