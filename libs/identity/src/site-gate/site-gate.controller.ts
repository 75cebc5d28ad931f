import { Body, Controller, Delete, Get, HttpCode, Inject, Put, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { ServerResponse } from 'node:http';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { BearerGuard, CurrentAuth, type AuthContext } from '../auth/bearer.guard.js';
import { Client } from '../auth/client-info.js';
import type { ClientInfo } from '../auth/session-issuer.js';
import { StaffGuard, requireAdmin } from '../auth/staff.guard.js';
import { SITE_ACCESS_COOKIE, SITE_ACCESS_MAX_AGE_SECONDS, SiteGate } from './site-gate.js';

export class UnlockSiteDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Invalid password' }) @MaxLength(200) password!: string;
}

export class SetSitePasswordDto {
  @ApiProperty({ description: 'The shared Coming Soon password; stored only as a bcrypt hash' })
  @IsString()
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(72, { message: 'password cannot be longer than 72 characters' })
  password!: string;
}

export class SitePasswordStatusDto {
  @ApiProperty({ description: 'Whether the site shows the password gate' }) enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) updatedAt!: string | null;
}

@ApiTags('site-gate')
@Controller('api/site-gate')
export class SiteGateController {
  constructor(
    @Inject(SiteGate) private readonly gate: SiteGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('unlock')
  @HttpCode(204)
  @ApiOperation({ summary: 'Check the site password; on success a signed HttpOnly cookie unlocks this browser' })
  async unlock(
    @Body() body: UnlockSiteDto,
    @Client() client: ClientInfo,
    @Res({ passthrough: true }) response: ServerResponse,
  ) {
    const cookie = await this.gate.unlock(body.password, client.ip);
    if (cookie === null) return;
    response.setHeader(
      'set-cookie',
      [
        `${SITE_ACCESS_COOKIE}=${cookie}`,
        'Path=/',
        `Max-Age=${SITE_ACCESS_MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(this.config.PUBLIC_URL.startsWith('https:') ? ['Secure'] : []),
      ].join('; '),
    );
  }
}

/** Admins turn the gate on (set a password) or off (clear it). Every change is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/site-password')
@UseGuards(BearerGuard, StaffGuard)
export class AdminSitePasswordController {
  constructor(@Inject(SiteGate) private readonly gate: SiteGate) {}

  @Get()
  @ApiOperation({ summary: 'Whether a site password is set (the hash is never returned)' })
  @ApiOkResponse({ type: SitePasswordStatusDto })
  async status(@CurrentAuth() auth: AuthContext): Promise<SitePasswordStatusDto> {
    requireAdmin(auth);
    const state = await this.gate.current();
    return { enabled: state.hash !== null, updatedAt: state.updatedAt?.toISOString() ?? null };
  }

  @Put()
  @ApiOperation({ summary: 'Set or change the site password: the whole site shows the Coming Soon gate' })
  async set(@CurrentAuth() auth: AuthContext, @Body() body: SetSitePasswordDto, @Client() client: ClientInfo) {
    requireAdmin(auth);
    await this.gate.set(body.password, auth.user.id, client.ip);
    return { enabled: true };
  }

  @Delete()
  @ApiOperation({ summary: 'Clear the site password: the site opens to everyone' })
  async clear(@CurrentAuth() auth: AuthContext, @Client() client: ClientInfo) {
    requireAdmin(auth);
    await this.gate.clear(auth.user.id, client.ip);
    return { enabled: false };
  }
}
