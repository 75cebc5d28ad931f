import { Body, Controller, Get, Inject, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { BearerGuard, CurrentAuth, type AuthContext } from '../../auth/bearer.guard.js';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { UpdateUserCommand } from '../../commands/update-user/update-user.command.js';
import { UpdateUserDto } from '../../commands/update-user/update-user.dto.js';
import { GetUserQuery } from './get-user.query.js';

export class RedirectQueryDto {
  @ApiPropertyOptional({ description: 'Where the email-change link lands (our own origin only)' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect_to?: string;
}

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth/v1')
@UseGuards(BearerGuard)
export class UserController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get('user')
  @ApiOperation({ summary: 'The signed-in user' })
  user(@CurrentAuth() auth: AuthContext) {
    return this.queries.execute(new GetUserQuery(auth.user));
  }

  @Put('user')
  @ApiOperation({ summary: 'Change the password, email address or profile data of the signed-in user' })
  update(
    @CurrentAuth() auth: AuthContext,
    @Body() body: UpdateUserDto,
    @Client() client: ClientInfo,
    @Query() query: RedirectQueryDto,
  ) {
    const { password, data, email, current_password: currentPassword, nonce } = body;
    return this.commands.execute(
      new UpdateUserCommand(
        auth.user.id,
        auth.sessionId,
        auth.claims.aal,
        password,
        data,
        client,
        email,
        query.redirect_to,
        currentPassword,
        nonce,
      ),
    );
  }
}
