import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Client } from '../../auth/client-info.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { VerifyEmailCommand } from '../verify-email/verify-email.command.js';
import { ResetPasswordCommand } from './reset-password.command.js';

export class ResetPasswordDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'resetToken is required' }) @MaxLength(512) resetToken!: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'newPassword is required' }) @MaxLength(1024) newPassword!: string;
}

export class VerifyEmailQueryDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Invalid verification token.' }) @MaxLength(512) token!: string;
}

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Get('verify-email')
  @ApiOperation({ summary: 'Confirm an email address from the link in the sign-up email' })
  async verifyEmail(@Query() query: VerifyEmailQueryDto, @Client() client: ClientInfo) {
    await this.commands.execute(new VerifyEmailCommand(query.token, client.ip));
    return { message: 'Email verified successfully!' };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the token from a reset email' })
  async resetPassword(@Body() body: ResetPasswordDto, @Client() client: ClientInfo) {
    await this.commands.execute(new ResetPasswordCommand(body.resetToken, body.newPassword, client.ip));
    return { message: 'Your password has been changed successfully.' };
  }
}
