import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { AppError, ErrorFilter, MAX_IMAGE_BYTES, assertMultipartForm, multerCause, toAppError } from '#app/platform';
import { CommerceErrors } from '../commerce.errors.js';
import { ChangeStoreImageCommand } from '../commands/change-store-image/change-store-image.command.js';
import { STORE_IMAGE_KINDS, isStoreImageKind, type StoreImageKind } from '../domain/store-images.js';
import { StoreImageQuery } from '../queries/store-image/store-image.query.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import { AgeChecked, OptionalAuthGuard, Viewer } from './optional-auth.guard.js';
import { StoreDto } from './store-views.dto.js';

const IMAGE_FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 };

function imageFormError(exception: unknown): AppError | null {
  const cause = multerCause(exception);
  if (!cause) return null;
  if (cause.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'file_too_large', 'The image is larger than 10 MB');
  if (cause.code.startsWith('LIMIT_'))
    return new AppError(400, 'validation_failed', 'Send one file field named image and nothing else');
  return toAppError(exception);
}

function imageKind(value: string): StoreImageKind {
  if (!isStoreImageKind(value))
    throw new AppError(404, 'not_found', `No such store image: use ${STORE_IMAGE_KINDS.join(' or ')}`);
  return value;
}

/** A store's banner and avatar: its creator uploads them (checked by content, re-encoded); fans' browsers load them. */
@ApiTags('stores')
@Controller('api/stores')
@UseGuards(LivePhaseGuard)
export class StoreImagesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Put('mine/:kind')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @UseInterceptors(FileInterceptor('image', { limits: IMAGE_FORM_LIMITS }))
  @UseFilters(new ErrorFilter(imageFormError))
  @ApiParam({ name: 'kind', enum: STORE_IMAGE_KINDS })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: { image: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 10 MB' } },
    },
  })
  @ApiOperation({
    summary:
      "Upload your store's banner (kept at 1600 × 400) or avatar (400 × 400): checked by content, cropped, re-encoded as WebP without metadata",
  })
  @ApiOkResponse({ type: StoreDto })
  async upload(
    @CurrentAuth() auth: AuthContext,
    @Param('kind') kind: string,
    @Req() request: IncomingMessage,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<StoreDto> {
    const which = imageKind(kind);
    assertMultipartForm(request, CommerceErrors.notMultipart);
    if (!file?.buffer) throw CommerceErrors.imageMissing();
    return this.commands.execute(new ChangeStoreImageCommand(auth.user.id, which, file.buffer));
  }

  @Delete('mine/:kind')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiParam({ name: 'kind', enum: STORE_IMAGE_KINDS })
  @ApiOperation({
    summary: "Remove your store's banner or avatar (the page falls back to its accent colour and initials)",
  })
  @ApiOkResponse({ type: StoreDto })
  async remove(@CurrentAuth() auth: AuthContext, @Param('kind') kind: string): Promise<StoreDto> {
    return this.commands.execute(new ChangeStoreImageCommand(auth.user.id, imageKind(kind), null));
  }

  @Get(':slug/images/:key')
  @HttpCode(200)
  @UseGuards(OptionalAuthGuard)
  @ApiParam({ name: 'slug', example: 'jane-fit' })
  @ApiOperation({
    summary:
      "A store's current banner or avatar (the link from its profile); an adult store's through the signed link its views give, or with the age check",
  })
  async image(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Query('token') token: unknown,
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Res() response: ServerResponse,
  ) {
    const { bytes, isNsfw } = await this.queries.execute(
      new StoreImageQuery(slug, key, { viewerId: viewer?.user.id ?? null, ageChecked }, token),
    );
    response
      .writeHead(200, {
        'content-type': 'image/webp',
        'content-length': String(bytes.length),
        // A key names one upload for good; an adult store's images stay out of shared caches.
        'cache-control': `${isNsfw ? 'private' : 'public'}, max-age=31536000, immutable`,
        'x-content-type-options': 'nosniff',
      })
      .end(bytes);
  }
}
