import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { OpenStoreCommand } from '../commands/open-store/open-store.command.js';
import { UpdateStoreSettingsCommand } from '../commands/update-store-settings/update-store-settings.command.js';
import { GetMyStoreQuery } from '../queries/get-my-store/get-my-store.query.js';
import { CheckSlugQuery } from '../queries/check-slug/check-slug.query.js';
import { ListStoresQuery } from '../queries/list-stores/list-stores.query.js';
import { GetPublicStoreQuery } from '../queries/get-public-store/get-public-store.query.js';
import { ListCategoriesQuery } from '../queries/list-categories/list-categories.query.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import { AgeChecked, OptionalAuthGuard, Viewer } from './optional-auth.guard.js';
import { StoreContentQuery } from '../queries/store-content/store-content.query.js';
import { RequestStoreCollaborationCommand } from '../commands/request-collaboration/request-collaboration.command.js';
import { CollaborationRequestDto, CollaborationRequestReceiptDto } from './stores.dto.js';
import { ListStoresQueryDto, OpenStoreDto, SlugQueryDto } from './stores.dto.js';
import { UpdateStoreSettingsDto } from './store-settings.dto.js';
import {
  CategoriesDto,
  PublicStoreDto,
  SlugAvailabilityDto,
  StoreDto,
  StoreItemListDto,
  StorePageDto,
} from './store-views.dto.js';
import { ADULT_STORE_MESSAGE } from '../commerce.errors.js';

/**
 * Creator stores (live phase). Writes act on the caller's own store: the owner is always the
 * session's user, and no store id is ever taken from the request.
 */
@ApiTags('stores')
@Controller('api/stores')
@UseGuards(LivePhaseGuard)
export class StoresController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({
    summary:
      'Open your store (verified creators, one each): address and name; every other setting starts at its default',
  })
  @ApiCreatedResponse({ type: StoreDto })
  async open(@CurrentAuth() auth: AuthContext, @Body() body: OpenStoreDto): Promise<StoreDto> {
    return this.commands.execute(new OpenStoreCommand(auth.user.id, body.slug, body.displayName, body.categories));
  }

  @Get('mine')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Your store with all its settings (404 no_store before you open one)' })
  @ApiOkResponse({ type: StoreDto })
  async mine(@CurrentAuth() auth: AuthContext): Promise<StoreDto> {
    return this.queries.execute(new GetMyStoreQuery(auth.user.id));
  }

  @Patch('mine')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Change any settings sections of your store; all of the change applies or none of it' })
  @ApiOkResponse({ type: StoreDto })
  async update(@CurrentAuth() auth: AuthContext, @Body() body: UpdateStoreSettingsDto): Promise<StoreDto> {
    return this.commands.execute(new UpdateStoreSettingsCommand(auth.user.id, body));
  }

  @Get('slug-available')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Whether a store address can be used, and why not' })
  @ApiOkResponse({ type: SlugAvailabilityDto })
  async slugAvailable(@Query() query: SlugQueryDto): Promise<SlugAvailabilityDto> {
    return this.queries.execute(new CheckSlugQuery(query.slug));
  }

  @Get()
  @ApiBearerAuth()
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: 'Active stores, newest first or by name; NSFW stores only for signed-in callers (bearer optional)',
  })
  @ApiOkResponse({ type: StorePageDto })
  async list(@Viewer() viewer: AuthContext | null, @Query() query: ListStoresQueryDto): Promise<StorePageDto> {
    return this.queries.execute(
      new ListStoresQuery({
        category: query.category,
        q: query.q,
        sort: query.sort ?? 'newest',
        cursor: query.cursor,
        limit: query.limit ?? 24,
        signedIn: viewer !== null,
      }),
    );
  }

  @Get(':slug')
  @ApiBearerAuth()
  @UseGuards(OptionalAuthGuard)
  @ApiParam({ name: 'slug', example: 'jane-fit' })
  @ApiOperation({
    summary: `A store's public profile with its counts, and your subscription. An NSFW store answers 401 age_check_required to anonymous callers without the age-check cookie (POST /api/age-check): "${ADULT_STORE_MESSAGE}"`,
  })
  @ApiOkResponse({ type: PublicStoreDto })
  async profile(
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Param('slug') slug: string,
  ): Promise<PublicStoreDto> {
    return this.queries.execute(new GetPublicStoreQuery(slug, { viewerId: viewer?.user.id ?? null, ageChecked }));
  }

  @Post(':slug/collaboration-requests')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiParam({ name: 'slug', example: 'jane-fit' })
  @ApiOperation({
    summary: 'Ask the creator of this store to collaborate (their Collaborators page lists the request)',
  })
  @ApiCreatedResponse({ type: CollaborationRequestReceiptDto })
  async requestCollaboration(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Body() body: CollaborationRequestDto,
  ): Promise<CollaborationRequestReceiptDto> {
    return this.commands.execute(new RequestStoreCollaborationCommand(slug, auth.user.id, body.message ?? ''));
  }

  @Get(':slug/content')
  @ApiBearerAuth()
  @UseGuards(OptionalAuthGuard)
  @ApiParam({ name: 'slug', example: 'jane-fit' })
  @ApiOperation({
    summary:
      "A store's approved videos and albums: blurred previews for what you may not open, thumbnails for what you bought or subscribe to; NSFW as for the profile",
  })
  @ApiOkResponse({ type: StoreItemListDto })
  async content(
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Param('slug') slug: string,
  ): Promise<StoreItemListDto> {
    return {
      items: await this.queries.execute(new StoreContentQuery(slug, { viewerId: viewer?.user.id ?? null, ageChecked })),
    };
  }
}

@ApiTags('stores')
@Controller('api/categories')
@UseGuards(LivePhaseGuard)
export class CategoriesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary:
      'The store categories with their nsfw flag and active store count; adult ones are listed for everyone, flagged',
  })
  @ApiOkResponse({ type: CategoriesDto })
  async list(): Promise<CategoriesDto> {
    return { items: await this.queries.execute(new ListCategoriesQuery()) };
  }
}
