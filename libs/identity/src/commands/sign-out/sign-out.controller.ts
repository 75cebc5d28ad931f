import { Controller, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '../../auth/bearer.guard.js';
import { IdentityErrors } from '../../identity.errors.js';
import { SignOutCommand, type SignOutScope } from './sign-out.command.js';

const SCOPES: SignOutScope[] = ['global', 'local', 'others'];

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth/v1')
export class SignOutController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('logout')
  @HttpCode(204)
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'End this session, the others, or all of them' })
  @ApiQuery({ name: 'scope', required: false, enum: SCOPES })
  async logout(@CurrentAuth() auth: AuthContext, @Query('scope') scope = 'global'): Promise<void> {
    if (!SCOPES.includes(scope as SignOutScope)) throw IdentityErrors.unsupportedLogoutScope(String(scope));
    await this.commands.execute(new SignOutCommand(auth.user.id, auth.sessionId, scope as SignOutScope));
  }
}
