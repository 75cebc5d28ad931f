import { Body, Controller, Get, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { LivePhaseGuard } from '../http/live-phase.guard.js';
import { ListNotificationsQuery } from './list-notifications.query.js';
import { MarkNotificationsReadCommand } from './mark-notifications-read.command.js';
import {
  MarkNotificationsReadDto,
  NotificationsPageDto,
  NotificationsQueryDto,
  UnreadCountDto,
} from './notifications.dto.js';

/** A creator's activity (sales, tips, subscribers, chargebacks); the caller's own entries only (a fan has none). */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/notifications')
@UseGuards(LivePhaseGuard, BearerGuard)
export class NotificationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your activity entries, newest first, a page at a time, with the number unread' })
  @ApiOkResponse({ type: NotificationsPageDto })
  list(@CurrentAuth() auth: AuthContext, @Query() query: NotificationsQueryDto): Promise<NotificationsPageDto> {
    return this.queries.execute(new ListNotificationsQuery(auth.user.id, query.cursor, query.limit ?? 20));
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark your entries as read: all of them, or up to an id' })
  @ApiOkResponse({ type: UnreadCountDto })
  markRead(@CurrentAuth() auth: AuthContext, @Body() body: MarkNotificationsReadDto): Promise<UnreadCountDto> {
    return this.commands.execute(new MarkNotificationsReadCommand(auth.user.id, body.upToId ?? null));
  }
}
