import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import { BearerGuard, Client, CurrentAuth, StaffGuard, type AuthContext, type ClientInfo } from '#app/identity';
import { AuditLog } from '#app/platform';
import { UpdateMessagingSettingsCommand } from '../commands/update-messaging-settings/update-messaging-settings.command.js';
import { CreateMessageMediaCommand } from '../commands/create-message-media/create-message-media.command.js';
import {
  MessagingSettingsQuery,
  type MessagingSettingsView,
} from '../queries/messaging-settings/messaging-settings.query.js';
import { UnreadCountsQuery, type UnreadCountsView } from '../queries/unread-counts/unread-counts.query.js';
import { SearchMessagesQuery, type MessageSearchView } from '../queries/search-messages/search-messages.query.js';
import { MessageReportQuery, type MessageReportView } from '../queries/message-report/message-report.query.js';
import { MessagingErrors } from '../messaging.errors.js';
import {
  CreateMessageMediaDto,
  MessageListDto,
  MessageMediaDto,
  MessageReportDto,
  MessagingSettingsDto,
  MessagingSettingsViewDto,
  SearchQueryDto,
  UnreadDto,
} from './messaging.dto.js';

/** What belongs to the caller across conversations: the badge, search, a creator's setting and uploads for messages. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('api/messages')
@UseGuards(BearerGuard)
export class MessagingController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('unread')
  @ApiOperation({ summary: 'Your badge: unread messages in conversations you have not muted' })
  @ApiOkResponse({ type: UnreadDto })
  unread(@CurrentAuth() auth: AuthContext): Promise<UnreadCountsView> {
    return this.queries.execute(new UnreadCountsQuery(auth.user.id));
  }

  @Get('search')
  @ApiOperation({ summary: 'Find messages by their words in your own conversations, newest first' })
  @ApiOkResponse({ type: MessageListDto })
  search(@CurrentAuth() auth: AuthContext, @Query() query: SearchQueryDto): Promise<MessageSearchView> {
    return this.queries.execute(new SearchMessagesQuery(auth.user.id, query.q, query.limit ?? 20));
  }

  @Get('settings')
  @ApiOperation({ summary: 'Who may message you (creators with a store)' })
  @ApiOkResponse({ type: MessagingSettingsViewDto })
  settings(@CurrentAuth() auth: AuthContext): Promise<MessagingSettingsView> {
    return this.queries.execute(new MessagingSettingsQuery(auth.user.id));
  }

  @Put('settings')
  @ApiOperation({
    summary:
      "Choose who may message you: subscribers only, anyone signed in, or anyone for a price per message ('paid')",
  })
  @ApiOkResponse({ type: MessagingSettingsViewDto })
  updateSettings(@CurrentAuth() auth: AuthContext, @Body() body: MessagingSettingsDto): Promise<MessagingSettingsView> {
    return this.commands.execute(new UpdateMessagingSettingsCommand(auth.user.id, body.audience, body.priceMinor));
  }

  @Post('media')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Start an upload for your messages (verified creators): upload with tus at /api/uploads, then attach it; reviewed before the fan can open it',
  })
  @ApiCreatedResponse({ type: MessageMediaDto })
  media(@CurrentAuth() auth: AuthContext, @Body() body: CreateMessageMediaDto): Promise<MessageMediaDto> {
    return this.commands.execute(new CreateMessageMediaCommand(auth.user.id, body.kind));
  }
}

/**
 * Moderators read what a member reported (the case names the message or conversation). Private
 * messages are read only for the case, never by one of its parties, and every read is audited.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/messages')
@UseGuards(BearerGuard, StaffGuard)
export class AdminMessagesController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Get('reports/:caseId')
  @ApiOperation({
    summary:
      'The evidence of a message or conversation report: what was reported and the messages before it, as they were then (the read is audited)',
  })
  @ApiOkResponse({ type: MessageReportDto })
  async report(
    @CurrentAuth() auth: AuthContext,
    @Param('caseId', new ParseUUIDPipe()) caseId: string,
    @Client() client: ClientInfo,
  ): Promise<MessageReportView> {
    const found: MessageReportView | null = await this.queries.execute(new MessageReportQuery(caseId));
    if (!found) throw MessagingErrors.reportNotFound();
    if (found.reporterId === auth.user.id || found.reportedUserId === auth.user.id) throw MessagingErrors.ownReport();
    await this.audit.record(this.orm.em.fork(), {
      actorId: auth.user.id,
      action: 'message_report.viewed',
      targetType: 'moderation_case',
      targetId: caseId,
      details: { conversationId: found.conversationId, messageId: found.messageId },
      ipAddress: client.ip,
    });
    return found;
  }
}
