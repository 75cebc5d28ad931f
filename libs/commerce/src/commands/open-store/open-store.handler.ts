import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { VerificationStatusQuery } from '#app/verification';
import { checkSlug } from '../../domain/store-slug.js';
import {
  applySettingsPatch,
  checkDisplayName,
  defaultSettings,
  type FieldProblem,
  type StoreSettings,
} from '../../domain/store-settings.js';
import { Store } from '../../entities/store.entity.js';
import { writeSettings } from '../../entities/store-settings.mapping.js';
import { EntitlementService } from '#app/entitlements';
import { ownerImages, toStoreView, type StoreView } from '../../queries/store-views.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { OpenStoreCommand } from './open-store.command.js';

@CommandHandler(OpenStoreCommand)
export class OpenStoreHandler implements ICommandHandler<OpenStoreCommand> {
  private readonly logger = new Logger(OpenStoreHandler.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
  ) {}

  async execute({ ownerId, slug: requestedSlug, displayName, categories }: OpenStoreCommand): Promise<StoreView> {
    if (this.config.LAUNCH_PHASE !== 'live') throw CommerceErrors.notLaunched();
    const verification = await this.queries.execute(new VerificationStatusQuery(ownerId));
    if (verification.status !== 'accepted') throw CommerceErrors.notVerified();
    const { slug, settings } = this.check(requestedSlug, displayName, categories);

    const em = this.orm.em.fork();
    if (await em.findOne(Store, { ownerId })) throw CommerceErrors.storeExists();
    const now = this.clock.now();
    const store = Object.assign(new Store(), { ownerId, slug, createdAt: now, updatedAt: now });
    writeSettings(store, settings);
    try {
      await em.persist(store).flush();
    } catch (error) {
      // Two tabs racing, or another creator taking the slug between the check and the insert.
      if (/stores_owner_unique/.test(String(error))) throw CommerceErrors.storeExists();
      if (/stores_slug_unique/.test(String(error))) throw CommerceErrors.slugTaken();
      throw error;
    }
    this.logger.log(`store ${slug} opened by ${ownerId}`);
    return toStoreView(store, ownerImages(this.entitlements, store));
  }

  private check(
    requestedSlug: string,
    displayName: string,
    categories?: string[],
  ): { slug: string; settings: StoreSettings } {
    const problems: FieldProblem[] = [];
    const slug = checkSlug(requestedSlug);
    if (!slug.ok) problems.push({ field: 'slug', message: slug.message });
    const name = checkDisplayName(displayName);
    if (!name.ok) problems.push({ field: 'displayName', message: name.message });
    let settings = defaultSettings(name.ok ? name.value : displayName);
    if (categories !== undefined) {
      const result = applySettingsPatch(settings, { nsfw: { categories } });
      if (result.ok) settings = result.settings;
      else problems.push(...result.problems.map((problem) => ({ ...problem, field: 'categories' })));
    }
    if (problems.length > 0 || !slug.ok) throw CommerceErrors.invalid(problems);
    return { slug: slug.slug, settings };
  }
}
