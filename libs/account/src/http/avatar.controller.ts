import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Put,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { AppError, ErrorFilter, assertMultipartForm, multerCause, toAppError } from '#app/platform';
import { AccountErrors } from '../account.errors.js';
import { ChangeAvatarCommand } from '../commands/change-avatar/change-avatar.command.js';
import { MAX_AVATAR_BYTES } from '../domain/avatar-image.js';
import { AvatarImageQuery, MyAvatarQuery } from '../queries/avatar/avatar.query.js';

const AVATAR_FORM_LIMITS = { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 0, parts: 1 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function avatarFormError(exception: unknown): AppError | null {
  const cause = multerCause(exception);
  if (!cause) return null;
  if (cause.code === 'LIMIT_FILE_SIZE') return AccountErrors.avatarTooLarge();
  if (cause.code.startsWith('LIMIT_'))
    return new AppError(400, 'validation_failed', 'Send one file field named image and nothing else');
  return toAppError(exception);
}

export class AvatarDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '/api/avatars/6f1c…?v=3a9e0c41b2d7',
    description: 'The picture as browsers load it; null when there is none',
  })
  avatarUrl!: string | null;
}

/** The person's profile picture: they alone change it; anyone may load it (it is public, like a display name). */
@ApiTags('account')
@Controller('api')
export class AvatarController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('account/avatar')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Your profile picture link, or null' })
  @ApiOkResponse({ type: AvatarDto })
  mine(@CurrentAuth() auth: AuthContext): Promise<AvatarDto> {
    return this.queries.execute(new MyAvatarQuery(auth.user.id));
  }

  @Put('account/avatar')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @UseInterceptors(FileInterceptor('image', { limits: AVATAR_FORM_LIMITS }))
  @UseFilters(new ErrorFilter(avatarFormError))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: {
        image: {
          type: 'string',
          format: 'binary',
          description: 'JPEG, PNG or WebP, at most 5 MB, at least 64 × 64 pixels',
        },
      },
    },
  })
  @ApiOperation({
    summary:
      'Upload your profile picture: checked by content, cropped square (at most 512 × 512), re-encoded as WebP without metadata, stored encrypted',
  })
  @ApiOkResponse({ type: AvatarDto })
  upload(
    @CurrentAuth() auth: AuthContext,
    @Req() request: IncomingMessage,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<AvatarDto> {
    assertMultipartForm(request, AccountErrors.notMultipart);
    if (!file?.buffer) throw AccountErrors.avatarMissing();
    return this.commands.execute(new ChangeAvatarCommand(auth.user.id, file.buffer));
  }

  @Delete('account/avatar')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Remove your profile picture (your initials show instead); its file is deleted' })
  @ApiOkResponse({ type: AvatarDto })
  remove(@CurrentAuth() auth: AuthContext): Promise<AvatarDto> {
    return this.commands.execute(new ChangeAvatarCommand(auth.user.id, null));
  }

  @Get('avatars/:userId')
  @HttpCode(200)
  @ApiParam({ name: 'userId', format: 'uuid' })
  @ApiOperation({
    summary: "A person's profile picture (image/webp), public like their display name; 404 when there is none",
  })
  async image(@Param('userId') userId: string, @Res() response: ServerResponse): Promise<void> {
    if (!UUID.test(userId)) throw AccountErrors.noAvatar();
    const { bytes, version } = await this.queries.execute(new AvatarImageQuery(userId));
    response
      .writeHead(200, {
        'content-type': 'image/webp',
        'content-length': String(bytes.length),
        // Short: a removed or replaced picture (or a deleted account's) stops showing within minutes.
        'cache-control': 'public, max-age=300',
        etag: `"${version}"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      })
      .end(bytes);
  }
}
