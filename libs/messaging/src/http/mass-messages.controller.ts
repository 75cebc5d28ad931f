import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { SendMassMessageCommand } from '../commands/send-mass-message/send-mass-message.command.js';
import { UnsendMassMessageCommand, type UnsendView } from '../commands/unsend/unsend.command.js';
import {
  GetMassMessageQuery,
  ListMassMessagesQuery,
  MassAudienceQuery,
  type MassMessageListView,
} from '../queries/mass-messages/mass-messages.query.js';
import type { MassMessageView } from '../repositories/mass-message.repository.js';
import {
  MassAudienceDto,
  MassAudienceQueryDto,
  MassMessageDto,
  MassMessageListDto,
  MassMessageListQueryDto,
  SendMassMessageDto,
  UnsendDto,
} from './mass-messages.dto.js';

/** A creator's mass messages: one copy in each conversation of a segment of their fans, delivered by the worker; sales per mass message. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('api/messages/mass-messages')
@UseGuards(BearerGuard)
export class MassMessagesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      'Queue a mass message to a segment of your fans (202; 200 when the clientId was sent before); copies are delivered in the background',
  })
  @ApiAcceptedResponse({ type: MassMessageDto })
  @ApiOkResponse({ type: MassMessageDto })
  async send(
    @CurrentAuth() auth: AuthContext,
    @Body() body: SendMassMessageDto,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<MassMessageView> {
    const { massMessage, created } = await this.commands.execute(
      new SendMassMessageCommand(auth.user.id, {
        clientId: body.clientId,
        segment: body.segment,
        contentId: body.contentId ?? null,
        text: body.text ?? '',
        attachments: body.attachments ?? [],
        priceMinor: body.priceMinor ?? null,
      }),
    );
    response.statusCode = created ? 202 : 200;
    return massMessage;
  }

  @Get()
  @ApiOperation({ summary: 'Your mass messages, newest first, with delivery and sales' })
  @ApiOkResponse({ type: MassMessageListDto })
  list(@CurrentAuth() auth: AuthContext, @Query() query: MassMessageListQueryDto): Promise<MassMessageListView> {
    return this.queries.execute(new ListMassMessagesQuery(auth.user.id, query.cursor, query.limit ?? 20));
  }

  @Get('audience')
  @ApiOperation({ summary: 'How many fans a segment reaches now, before you send' })
  @ApiOkResponse({ type: MassAudienceDto })
  audience(@CurrentAuth() auth: AuthContext, @Query() query: MassAudienceQueryDto): Promise<{ recipients: number }> {
    return this.queries.execute(new MassAudienceQuery(auth.user.id, query.segment, query.contentId ?? null));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your mass messages: recipients, delivered, unlocks and revenue' })
  @ApiOkResponse({ type: MassMessageDto })
  get(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<MassMessageView> {
    return this.queries.execute(new GetMassMessageQuery(auth.user.id, id));
  }

  @Post(':id/unsend')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Take back every copy of a priced mass message nobody paid for (a buyer keeps theirs); one still sending stops',
  })
  @ApiOkResponse({ type: UnsendDto })
  unsend(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<UnsendView> {
    return this.commands.execute(new UnsendMassMessageCommand(auth.user.id, id));
  }
}
