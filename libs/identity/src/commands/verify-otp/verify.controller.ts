import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { ServerResponse } from 'node:http';
import { AppError } from '#app/platform';
import { Client } from '../../auth/client-info.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import type { ClientInfo } from '../../auth/session-issuer.js';
import { VerifyOtpCommand } from './verify-otp.command.js';

export class VerifyLinkQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(512) token?: string;
  @ApiPropertyOptional({ enum: ['signup', 'recovery', 'email_change'] })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2048) redirect_to?: string;
}

export class VerifyOtpDto {
  @ApiPropertyOptional({ enum: ['signup', 'recovery', 'email_change'] })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(512) token_hash?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(512) token?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(320) email?: string;
}

@ApiTags('auth')
@Controller('auth/v1')
export class VerifyController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
  ) {}

  @Get('verify')
  @ApiOperation({ summary: 'Email link: 303 to redirect_to with the session (or the error) in the fragment' })
  async verifyLink(@Query() query: VerifyLinkQueryDto, @Client() client: ClientInfo, @Res() response: ServerResponse) {
    const fallback = query.type === 'recovery' ? '/reset-password' : '/sign-in';
    const target = this.mailer.safeRedirect(query.redirect_to, fallback).split('#')[0];
    let fragment: URLSearchParams;
    try {
      const result = await this.commands.execute(
        new VerifyOtpCommand(query.type, query.token, client, undefined, true),
      );
      if ('msg' in result) {
        // The first of two email-change links: no session, GoTrue's message in the fragment.
        return void response
          .writeHead(303, { location: `${target}#${new URLSearchParams({ message: result.msg, sb: '' }).toString()}` })
          .end();
      }
      if ('auth_code' in result) {
        // PKCE (contract §8): the code goes in the query; the client exchanges it with its verifier.
        const withCode = new URL(target);
        withCode.searchParams.set('code', result.auth_code);
        return void response.writeHead(303, { location: withCode.toString() }).end();
      }
      fragment = new URLSearchParams({
        access_token: result.access_token,
        expires_at: String(result.expires_at),
        expires_in: String(result.expires_in),
        refresh_token: result.refresh_token,
        sb: '',
        token_type: 'bearer',
        type: query.type ?? 'signup',
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
        sb: '',
      });
    }
    response.writeHead(303, { location: `${target}#${fragment.toString()}` }).end();
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem an email token and receive a session' })
  verify(@Body() body: VerifyOtpDto, @Client() client: ClientInfo) {
    if (body.token_hash !== undefined)
      return this.commands.execute(new VerifyOtpCommand(body.type, body.token_hash, client));
    return this.commands.execute(new VerifyOtpCommand(body.type, body.token, client, body.email ?? ''));
  }
}
