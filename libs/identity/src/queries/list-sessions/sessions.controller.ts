import { Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '../../auth/bearer.guard.js';
import { EndSessionCommand } from '../../commands/sign-out/end-session.command.js';
import { ListSessionsQuery } from './list-sessions.query.js';

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/sessions')
@UseGuards(BearerGuard)
export class SessionsController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's sessions (device, address, last seen)" })
  list(@CurrentAuth() auth: AuthContext) {
    return this.queries.execute(new ListSessionsQuery(auth.user.id, auth.sessionId));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'End one of your sessions' })
  async end(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<void> {
    await this.commands.execute(new EndSessionCommand(auth.user.id, id));
  }
}
