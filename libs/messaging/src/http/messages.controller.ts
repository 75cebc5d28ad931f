import {
  Body,
  Controller,
  Get,
  Headers,
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
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { PurchaseDto, type PurchaseView } from '#app/commerce';
import { PayHeldMessageCommand } from '../commands/pay-held-message/pay-held-message.command.js';
import type { ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { SendMessageCommand } from '../commands/send-message/send-message.command.js';
import { MarkReadCommand, type ReadView } from '../commands/mark-read/mark-read.command.js';
import { UnsendMessageCommand, type UnsendView } from '../commands/unsend/unsend.command.js';
import { UnsendDto } from './mass-messages.dto.js';
import { ListMessagesQuery, type MessagePageView } from '../queries/list-messages/list-messages.query.js';
import { OpenAttachmentQuery, type OpenedAttachmentView } from '../queries/open-attachment/open-attachment.query.js';
import type { MessageView } from '../queries/message-views/message-views.queries.js';
import { actorOf } from './conversations.controller.js';
import { OwnedAttachmentsQuery, type OwnedAttachmentsView } from '../queries/owned-items/owned-attachments.query.js';
import {
  HeldMessageDto,
  MarkReadDto,
  MessageDto,
  MessagePageDto,
  MessagePageQueryDto,
  OpenedAttachmentDto,
  OwnedAttachmentsDto,
  OwnedAttachmentsQueryDto,
  ReadDto,
  SendMessageDto,
} from './messaging.dto.js';

/** The messages of one of the caller's conversations: page, send, read receipts, and opening media. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('api/messages/conversations/:id')
@UseGuards(BearerGuard)
export class MessagesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('messages')
  @ApiOperation({
    summary:
      'Messages newest first: the latest, `before` a message (older), or `after` one (newer: catching up after a reconnect)',
  })
  @ApiOkResponse({ type: MessagePageDto })
  page(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: MessagePageQueryDto,
  ): Promise<MessagePageView> {
    return this.queries.execute(
      new ListMessagesQuery(auth.user.id, id, { before: query.before, after: query.after }, query.limit ?? 50),
    );
  }

  @Post('messages')
  @ApiOperation({
    summary:
      'Send text (and, as a verified creator, media): stored, then announced live; 201 new, 200 when the clientId was sent before',
  })
  @ApiCreatedResponse({ type: MessageDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiAcceptedResponse({
    type: HeldMessageDto,
    description:
      'The creator charges per message: your message is held (awaiting_payment) until you pay through `purchase`',
  })
  async send(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: SendMessageDto,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<MessageView | { message: MessageView; purchase: PurchaseView | null }> {
    const { message, created, purchase } = await this.commands.execute(
      new SendMessageCommand(
        id,
        actorOf(auth),
        body.clientId,
        body.text ?? '',
        body.attachments ?? [],
        body.priceMinor,
      ),
    );
    if (message.status === 'awaiting_payment') {
      response.statusCode = 202;
      return { message, purchase: purchase ?? null };
    }
    response.statusCode = created ? 201 : 200;
    return message;
  }

  @Get('owned-items')
  @ApiOperation({
    summary:
      "Composer's check (creator): which attached store items the fan owns already; a priced message of only those opens free for them",
  })
  @ApiOkResponse({ type: OwnedAttachmentsDto })
  ownedItems(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: OwnedAttachmentsQueryDto,
  ): Promise<OwnedAttachmentsView> {
    return this.queries.execute(new OwnedAttachmentsQuery(auth.user.id, id, query.contentIds));
  }

  @Post('messages/:messageId/pay')
  @HttpCode(201)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Optional: the same key answers the same checkout',
  })
  @ApiOperation({
    summary:
      "Pay again for your message held for the creator's price per message (its checkout failed or expired): a checkout to pay through, or the one still open",
  })
  @ApiCreatedResponse({ type: PurchaseDto })
  pay(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('messageId', new ParseUUIDPipe()) messageId: string,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<PurchaseView> {
    const idempotencyKey =
      typeof key === 'string' && key.length >= 8 && key.length <= 100
        ? key
        : `message-fee-${messageId}-${randomUUID()}`;
    return this.commands.execute(new PayHeldMessageCommand(id, auth.user.id, messageId, idempotencyKey));
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read receipt: you read up to this message (never moves back)' })
  @ApiOkResponse({ type: ReadDto })
  read(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: MarkReadDto,
  ): Promise<ReadView> {
    return this.commands.execute(new MarkReadCommand(id, auth.user.id, body.messageId));
  }

  @Post('messages/:messageId/unsend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take back a priced message you sent: gone for the recipient unless they paid for it' })
  @ApiOkResponse({ type: UnsendDto })
  unsend(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('messageId', new ParseUUIDPipe()) messageId: string,
  ): Promise<UnsendView> {
    return this.commands.execute(new UnsendMessageCommand(auth.user.id, id, messageId));
  }

  @Get('messages/:messageId/media/:contentId')
  @ApiOperation({
    summary:
      'Open a photo or video sent in the conversation: signed links, members only, once approved (404 media_not_found while held)',
  })
  @ApiOkResponse({ type: OpenedAttachmentDto })
  media(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('messageId', new ParseUUIDPipe()) messageId: string,
    @Param('contentId', new ParseUUIDPipe()) contentId: string,
  ): Promise<OpenedAttachmentView> {
    return this.queries.execute(new OpenAttachmentQuery(auth.user.id, id, messageId, contentId));
  }
}
