import { Body, Controller, Delete, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { BearerGuard, Client, CurrentAuth, type AuthContext, type ClientInfo } from '#app/identity';
import { EnrollFactorCommand } from '../commands/enroll-factor/enroll-factor.command.js';
import { ChallengeFactorCommand } from '../commands/challenge-factor/challenge-factor.command.js';
import { VerifyFactorCommand } from '../commands/verify-factor/verify-factor.command.js';
import { UnenrollFactorCommand } from '../commands/unenroll-factor/unenroll-factor.command.js';

export class EnrollFactorDto {
  @ApiPropertyOptional({ enum: ['totp'] }) @IsOptional() @IsString() @MaxLength(16) factor_type?: string;
  @ApiPropertyOptional({ example: 'Authenticator App' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  friendly_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) issuer?: string;
}

export class VerifyFactorDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) challenge_id?: string;
  @ApiPropertyOptional({ example: '123456' }) @IsOptional() @IsString() @MaxLength(16) code?: string;
}

/** The GoTrue MFA routes the auth client calls (contract §3, §7). */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth/v1/factors')
@UseGuards(BearerGuard)
export class FactorsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Enroll a TOTP factor: QR code (raw SVG), secret and otpauth URI' })
  enroll(@CurrentAuth() auth: AuthContext, @Body() body: EnrollFactorDto) {
    return this.commands.execute(new EnrollFactorCommand(auth, body.factor_type, body.friendly_name ?? ''));
  }

  @Post(':id/challenge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Open a 300 s challenge for a factor' })
  challenge(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Client() client: ClientInfo) {
    return this.commands.execute(new ChallengeFactorCommand(auth.user.id, normalizeId(id), client.ip));
  }

  @Post(':id/verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify a TOTP code against a challenge; answers an aal2 session' })
  verify(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: VerifyFactorDto,
    @Client() client: ClientInfo,
  ) {
    return this.commands.execute(
      new VerifyFactorCommand(
        auth,
        normalizeId(id),
        body.challenge_id && isUuid(body.challenge_id) ? body.challenge_id : undefined,
        body.code,
        client.ip,
      ),
    );
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Unenroll a factor (a verified one needs an aal2 session)' })
  unenroll(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.commands.execute(new UnenrollFactorCommand(auth, normalizeId(id)));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
/** A malformed id is simply an unknown factor (404), as in GoTrue. */
const normalizeId = (value: string) => (isUuid(value) ? value : '00000000-0000-0000-0000-000000000000');
