import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { ManageSubscriptionCommand } from '../commands/manage-subscription/manage-subscription.command.js';
import { SetFavoriteCommand } from '../commands/favorites/favorites.command.js';
import { CreateReferralLinkCommand } from '../commands/referral-link/create-referral-link.command.js';
import { MySubscriptionsQuery } from '../queries/subscriptions/my-subscriptions.query.js';
import { MyFavoritesQuery } from '../queries/favorites/favorites.query.js';
import { MyReferralLinksQuery } from '../queries/referral-links/referral-links.query.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import { AutoRenewDto } from './purchases.dto.js';
import {
  CreateReferralLinkDto,
  FavoriteListDto,
  ReferralLinkDto,
  ReferralLinkListDto,
  SubscriptionDto,
  SubscriptionListDto,
} from './fan-features.dto.js';

@ApiTags('subscriptions')
@ApiBearerAuth()
@Controller('api/subscriptions')
@UseGuards(LivePhaseGuard, BearerGuard)
export class SubscriptionsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: SubscriptionListDto })
  async list(@CurrentAuth() auth: AuthContext): Promise<SubscriptionListDto> {
    return { items: await this.queries.execute(new MySubscriptionsQuery(auth.user.id)) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Turn automatic renewal on or off' })
  @ApiOkResponse({ type: SubscriptionDto })
  setAutoRenew(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: AutoRenewDto,
  ): Promise<SubscriptionDto> {
    return this.commands.execute(new ManageSubscriptionCommand(auth.user.id, id, { autoRenew: body.autoRenew }));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Cancel: access until the end of the paid period, no more renewals' })
  @ApiOkResponse({ type: SubscriptionDto })
  cancel(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<SubscriptionDto> {
    return this.commands.execute(new ManageSubscriptionCommand(auth.user.id, id, 'cancel'));
  }
}

@ApiTags('favorites')
@ApiBearerAuth()
@Controller('api/favorites')
@UseGuards(LivePhaseGuard, BearerGuard)
export class FavoritesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: FavoriteListDto })
  async list(@CurrentAuth() auth: AuthContext): Promise<FavoriteListDto> {
    return { items: await this.queries.execute(new MyFavoritesQuery(auth.user.id)) };
  }

  @Put(':slug')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The store is in your favourites (idempotent)' })
  async add(@CurrentAuth() auth: AuthContext, @Param('slug') slug: string): Promise<void> {
    await this.commands.execute(new SetFavoriteCommand(auth.user.id, slug, true));
  }

  @Delete(':slug')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The store is not in your favourites' })
  async remove(@CurrentAuth() auth: AuthContext, @Param('slug') slug: string): Promise<void> {
    await this.commands.execute(new SetFavoriteCommand(auth.user.id, slug, false));
  }
}

@ApiTags('referrals')
@ApiBearerAuth()
@Controller('api/referral-links')
@UseGuards(LivePhaseGuard, BearerGuard)
export class ReferralLinksController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Your link to an album (5% of each sale through it, paid from the platform share); 200 when you had one',
  })
  @ApiCreatedResponse({ type: ReferralLinkDto })
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateReferralLinkDto,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<ReferralLinkDto> {
    const { link, created } = await this.commands.execute(new CreateReferralLinkCommand(auth.user.id, body.contentId));
    response.statusCode = created ? 201 : 200;
    return link;
  }

  @Get()
  @ApiOkResponse({ type: ReferralLinkListDto })
  async list(@CurrentAuth() auth: AuthContext): Promise<ReferralLinkListDto> {
    return { items: await this.queries.execute(new MyReferralLinksQuery(auth.user.id)) };
  }
}
