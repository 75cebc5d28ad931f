import { Body, Controller, Get, Header, HttpCode, Inject, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { UpdateMessagingPreferencesCommand } from '../commands/update-messaging-preferences/update-messaging-preferences.command.js';
import { UnsubscribeDigestCommand } from '../commands/unsubscribe-digest/unsubscribe-digest.command.js';
import { DigestLinks } from '../commands/unsubscribe-digest/digest-links.js';
import {
  MessagingPreferencesQuery,
  type MessagingPreferencesView,
} from '../queries/messaging-preferences/messaging-preferences.query.js';
import { MessagingErrors } from '../messaging.errors.js';
import { MessagingPreferencesDto, MessagingPreferencesViewDto } from './messaging-preferences.dto.js';
import { confirmPage, donePage } from './unsubscribe-page.js';

/** The caller's own messaging preferences: fans and creators alike. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('api/messages/preferences')
@UseGuards(BearerGuard)
export class MessagingPreferencesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your messaging preferences: whether unread messages are emailed to you' })
  @ApiOkResponse({ type: MessagingPreferencesViewDto })
  preferences(@CurrentAuth() auth: AuthContext): Promise<MessagingPreferencesView> {
    return this.queries.execute(new MessagingPreferencesQuery(auth.user.id));
  }

  @Put()
  @ApiOperation({ summary: 'Turn the email of unread messages on or off' })
  @ApiOkResponse({ type: MessagingPreferencesViewDto })
  update(@CurrentAuth() auth: AuthContext, @Body() body: MessagingPreferencesDto): Promise<MessagingPreferencesView> {
    return this.commands.execute(new UpdateMessagingPreferencesCommand(auth.user.id, body.emailDigest));
  }
}

/** The digest's unsubscribe URL, the one List-Unsubscribe names: its POST may carry a form body (RFC 8058). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/messages/preferences/unsubscribe';

/**
 * A digest's unsubscribe link, without signing in. Opening it (GET) only asks, so a mail scanner
 * that follows links turns nothing off; the page's button POSTs, and so does a mail client's
 * one-click unsubscribe (`List-Unsubscribe=One-Click`), which acts at once.
 */
@ApiTags('messages')
@Controller(ONE_CLICK_UNSUBSCRIBE_PATH.slice(1))
export class DigestUnsubscribeController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DigestLinks) private readonly links: DigestLinks,
  ) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: "An unsubscribe link's page: asks to confirm turning the unread-messages email off" })
  @ApiQuery({ name: 'token', type: String })
  @ApiProduces('text/html')
  ask(@Query('token') token: unknown): string {
    if (typeof token !== 'string' || !this.links.userOf(token)) throw MessagingErrors.badUnsubscribeLink();
    return confirmPage(token);
  }

  @Post()
  @HttpCode(200)
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: 'Turn the unread-messages email off for the user the link names (no sign-in)' })
  @ApiQuery({ name: 'token', type: String })
  @ApiProduces('text/html')
  async unsubscribe(@Query('token') token: unknown): Promise<string> {
    if (typeof token !== 'string') throw MessagingErrors.badUnsubscribeLink();
    await this.commands.execute(new UnsubscribeDigestCommand(token));
    return donePage();
  }
}
