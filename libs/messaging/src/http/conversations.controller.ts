import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { BearerGuard, Client, CurrentAuth, type AuthContext, type ClientInfo } from '#app/identity';
import {
  StartConversationCommand,
  type MessagingActor,
} from '../commands/start-conversation/start-conversation.command.js';
import { BlockMemberCommand } from '../commands/block-member/block-member.command.js';
import { MuteConversationCommand } from '../commands/mute-conversation/mute-conversation.command.js';
import { ReportConversationCommand } from '../commands/report-conversation/report-conversation.command.js';
import { ListConversationsQuery } from '../queries/list-conversations/list-conversations.query.js';
import { GetConversationQuery } from '../queries/get-conversation/get-conversation.query.js';
import type { ConversationView } from '../queries/conversation-views.js';
import { MessagingErrors } from '../messaging.errors.js';
import {
  ConversationDto,
  ConversationListDto,
  ConversationListQueryDto,
  ReportConversationDto,
  ReportReceiptDto,
  StartConversationDto,
} from './messaging.dto.js';

// The bearer strategy reads the user row raw: its time may arrive as text.
export const actorOf = (auth: AuthContext): MessagingActor => ({
  id: auth.user.id,
  accountCreatedAt: new Date(auth.user.createdAt),
});

/** The caller's conversations: open one, list them, block, mute, report. Every route acts on the caller's own side only. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('api/messages/conversations')
@UseGuards(BearerGuard)
export class ConversationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your conversations (as a fan and as a creator), most recent activity first' })
  @ApiOkResponse({ type: ConversationListDto })
  list(@CurrentAuth() auth: AuthContext, @Query() query: ConversationListQueryDto): Promise<ConversationListDto> {
    return this.queries.execute(new ListConversationsQuery(auth.user.id, query.cursor, query.limit ?? 30));
  }

  @Post()
  @ApiOperation({
    summary:
      "Open your conversation with a store's creator (storeSlug) or, as a creator, with a fan of your store (fanId): 201 new, 200 existing",
  })
  @ApiCreatedResponse({ type: ConversationDto })
  @ApiOkResponse({ type: ConversationDto })
  async start(
    @CurrentAuth() auth: AuthContext,
    @Body() body: StartConversationDto,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<ConversationView> {
    if (body.storeSlug !== undefined && body.fanId !== undefined) throw MessagingErrors.oneTarget();
    const target = body.storeSlug !== undefined ? { storeSlug: body.storeSlug } : { fanId: body.fanId! };
    const { conversation, created } = await this.commands.execute(new StartConversationCommand(actorOf(auth), target));
    response.statusCode = created ? 201 : 200;
    return conversation;
  }

  @Get(':id')
  @ApiOkResponse({ type: ConversationDto })
  one(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ConversationView> {
    return this.queries.execute(new GetConversationQuery(auth.user.id, id));
  }

  @Put(':id/block')
  @ApiOperation({ summary: 'Block the other side: nobody sends while it stands (idempotent)' })
  @ApiOkResponse({ type: ConversationDto })
  block(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ConversationView> {
    return this.commands.execute(new BlockMemberCommand(id, auth.user.id, true));
  }

  @Delete(':id/block')
  @ApiOperation({ summary: 'Lift your block' })
  @ApiOkResponse({ type: ConversationDto })
  unblock(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ConversationView> {
    return this.commands.execute(new BlockMemberCommand(id, auth.user.id, false));
  }

  @Put(':id/mute')
  @ApiOperation({ summary: 'Mute: no notifications, out of your badge total (idempotent)' })
  @ApiOkResponse({ type: ConversationDto })
  mute(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ConversationView> {
    return this.commands.execute(new MuteConversationCommand(id, auth.user.id, true));
  }

  @Delete(':id/mute')
  @ApiOkResponse({ type: ConversationDto })
  unmute(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ConversationView> {
    return this.commands.execute(new MuteConversationCommand(id, auth.user.id, false));
  }

  @Post(':id/reports')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Report a message you received (messageId) or the conversation: a moderation case reviewed within 48 hours',
  })
  @ApiCreatedResponse({ type: ReportReceiptDto })
  report(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ReportConversationDto,
    @Client() client: ClientInfo,
  ): Promise<ReportReceiptDto> {
    return this.commands.execute(
      new ReportConversationCommand(
        id,
        { id: auth.user.id, email: auth.user.email },
        body.messageId ?? null,
        body.reason,
        body.details,
        client.ip,
      ),
    );
  }
}
