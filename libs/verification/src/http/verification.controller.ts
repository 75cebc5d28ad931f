import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Injectable,
  Post,
  Req,
  UploadedFiles,
  UseFilters,
  UseGuards,
  UseInterceptors,
  type CanActivate,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { APP_CONFIG, ErrorFilter, type AppConfig } from '#app/platform';
import { COUNTRIES } from '../domain/countries.js';
import { SubmitVerificationCommand } from '../commands/submit-verification/submit-verification.command.js';
import { VerificationStatusQuery } from '../queries/verification-status/verification-status.query.js';
import {
  ID_IMAGE_FIELDS,
  VERIFICATION_FORM_LIMITS,
  readVerificationForm,
  verificationFormError,
  type UploadedImage,
} from './verification-form.js';
import { VerificationErrors } from '../verification.errors.js';
import { CountriesDto, PlatformConfigDto, SubmissionReceiptDto, VerificationStatusDto } from './verification.dto.js';

/** Submissions are taken in the live phase only. */
@Injectable()
export class VerificationOpenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.LAUNCH_PHASE !== 'live') throw VerificationErrors.paused();
    return true;
  }
}

@ApiTags('verification')
@Controller('api')
export class VerificationController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('config')
  @ApiOperation({
    summary:
      'Public settings the web app needs: the launch phase (prelaunch shows previews, live the real features) and the payment provider',
  })
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
  @ApiOperation({
    summary: 'Your verification status (SPEC §7): processing, accepted or rejected; null before the first submission',
  })
  @ApiOkResponse({ type: VerificationStatusDto })
  async status(@CurrentAuth() auth: AuthContext): Promise<VerificationStatusDto> {
    return this.queries.execute(new VerificationStatusQuery(auth.user.id));
  }

  @Post('verify-user')
  @HttpCode(201)
  @ApiBearerAuth()
  // The phase is checked before Multer reads megabytes of images that would be thrown away.
  @UseGuards(BearerGuard, VerificationOpenGuard)
  @UseInterceptors(
    FileFieldsInterceptor(
      ID_IMAGE_FIELDS.map((name) => ({ name, maxCount: 1 })),
      { limits: VERIFICATION_FORM_LIMITS },
    ),
  )
  @UseFilters(new ErrorFilter(verificationFormError))
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
  @ApiOperation({
    summary:
      'Submit your identity verification (live phase): details and two ID images, checked by content, re-encoded, encrypted',
  })
  @ApiCreatedResponse({ type: SubmissionReceiptDto })
  async submit(
    @CurrentAuth() auth: AuthContext,
    @Req() request: IncomingMessage,
    @UploadedFiles() files: Partial<Record<(typeof ID_IMAGE_FIELDS)[number], UploadedImage[]>> | undefined,
  ): Promise<SubmissionReceiptDto> {
    const form = readVerificationForm(request, files);
    return this.commands.execute(new SubmitVerificationCommand(auth.user.id, form.input, form.images));
  }
}
