import { Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { COUNTRIES } from '../domain/countries.js';
import { SubmitVerificationCommand } from '../commands/submit-verification/submit-verification.command.js';
import { VerificationStatusQuery } from '../queries/verification-status/verification-status.query.js';
import { readVerificationForm } from './verification-form.js';
import { VerificationErrors } from '../verification.errors.js';
import { CountriesDto, PlatformConfigDto, SubmissionReceiptDto, VerificationStatusDto } from './verification.dto.js';

@ApiTags('verification')
@Controller('api')
export class VerificationController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('config')
  @ApiOperation({ summary: 'Public settings the web app needs: the launch phase (prelaunch shows previews, live the real features) and the payment provider' })
  @ApiOkResponse({ type: PlatformConfigDto })
  platformConfig(): PlatformConfigDto {
    return { launchPhase: this.config.LAUNCH_PHASE, paymentProvider: this.config.PAYMENT_PROVIDER };
  }

  @Get('verify-user/countries')
  @ApiOperation({ summary: 'Countries of residence accepted by the verification form (ISO 3166-1 alpha-2)' })
  @ApiOkResponse({ type: CountriesDto })
  countries(): CountriesDto {
    return { countries: [...COUNTRIES] };
  }

  @Get('verify-user/status')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Your verification status (SPEC §7): processing, accepted or rejected; null before the first submission' })
  @ApiOkResponse({ type: VerificationStatusDto })
  async status(@CurrentAuth() auth: AuthContext): Promise<VerificationStatusDto> {
    return this.queries.execute(new VerificationStatusQuery(auth.user.id));
  }

  @Post('verify-user')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['fullName', 'dateOfBirth', 'country', 'userPhotoWithId', 'idPhoto'],
      properties: {
        fullName: { type: 'string' },
        dateOfBirth: { type: 'string', format: 'date' },
        country: { type: 'string', example: 'DE' },
        userPhotoWithId: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 10 MB' },
        idPhoto: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 10 MB' },
      },
    },
  })
  @ApiOperation({ summary: 'Submit your identity verification (live phase): details and two ID images, checked by content, re-encoded, encrypted' })
  @ApiCreatedResponse({ type: SubmissionReceiptDto })
  async submit(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest): Promise<SubmissionReceiptDto> {
    // Refuse before reading megabytes of images that would be thrown away.
    if (this.config.LAUNCH_PHASE !== 'live') throw VerificationErrors.paused();
    const form = await readVerificationForm(request);
    return this.commands.execute(new SubmitVerificationCommand(auth.user.id, form.input, form.images));
  }
}
