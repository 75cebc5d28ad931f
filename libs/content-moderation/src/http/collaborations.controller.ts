import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Req,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiConsumes, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { IncomingMessage } from 'node:http';
import { AppError, ErrorFilter, assertMultipartForm, multerCause, toAppError } from '#app/platform';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import {
  DecideCollaborationCommand,
  FileReleaseFormCommand,
  type CollaborationDecision,
} from '../commands/collaborations/collaborations.command.js';
import { MAX_RELEASE_FORM_BYTES } from '../commands/collaborations/collaborations.handler.js';
import { MyCollaborationsQuery } from '../queries/collaborations/collaborations.query.js';
import { CollaborationErrors } from '../moderation.errors.js';

export class PermissionsDto {
  @ApiProperty({ description: 'May appear in videos' })
  @IsBoolean({ message: 'canVideos must be true or false' })
  canVideos!: boolean;
  @ApiProperty({ description: 'May appear in photo albums' })
  @IsBoolean({ message: 'canAlbums must be true or false' })
  canAlbums!: boolean;
}

export class StoreNameDto {
  @ApiProperty({ description: "The store's public name" }) name!: string;
  @ApiProperty() slug!: string;
}

export class CollaborationViewDto {
  @ApiProperty() id!: string;
  @ApiProperty() creatorId!: string;
  @ApiProperty({
    type: () => StoreNameDto,
    nullable: true,
    description: "The creator's store (never an account email)",
  })
  creatorStore!: StoreNameDto | null;
  @ApiProperty() collaboratorId!: string;
  @ApiProperty({
    type: () => StoreNameDto,
    nullable: true,
    description: "The collaborator's store, null when they have none (never an account email)",
  })
  collaboratorStore!: StoreNameDto | null;
  @ApiProperty() collaboratorVerified!: boolean;
  @ApiProperty({ enum: ['requested', 'approved', 'rejected', 'removed'] }) status!:
    'requested' | 'approved' | 'rejected' | 'removed';
  @ApiProperty() message!: string;
  @ApiProperty() canVideos!: boolean;
  @ApiProperty() canAlbums!: boolean;
  @ApiProperty({ description: 'A signed release form is on file' }) releaseForm!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) releaseFormUploadedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decidedAt!: string | null;
}

export class MyCollaborationsDto {
  @ApiProperty({ type: () => [CollaborationViewDto], description: 'Requests to you and your collaborators' })
  asCreator!: CollaborationViewDto[];
  @ApiProperty({ type: () => [CollaborationViewDto], description: 'Your requests to creators' })
  asCollaborator!: CollaborationViewDto[];
}

/** A creator's collaborator list (SPEC §2 Collaborators): requests, approve/reject, permissions, release forms. */
const releaseFormRequired = () => new AppError(400, 'validation_failed', 'releaseForm is required');

/** What Multer refused while reading the release form, in the form's own words. */
function releaseFormError(exception: unknown): AppError | null {
  const cause = multerCause(exception);
  if (!cause) return null;
  if (cause.code === 'LIMIT_FILE_SIZE') return CollaborationErrors.releaseFormTooLarge();
  if (cause.code.startsWith('LIMIT_')) return releaseFormRequired();
  return toAppError(exception);
}

@ApiTags('collaborations')
@ApiBearerAuth()
@Controller('api/collaborations')
@UseGuards(BearerGuard)
export class CollaborationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: MyCollaborationsDto })
  async mine(@CurrentAuth() auth: AuthContext): Promise<MyCollaborationsDto> {
    return this.queries.execute(new MyCollaborationsQuery(auth.user.id));
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOkResponse({ type: MyCollaborationsDto })
  approve(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: PermissionsDto,
  ) {
    return this.decide(auth, id, { kind: 'approve', canVideos: body.canVideos, canAlbums: body.canAlbums });
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOkResponse({ type: MyCollaborationsDto })
  reject(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.decide(auth, id, { kind: 'reject' });
  }

  @Post(':id/remove')
  @HttpCode(200)
  @ApiOkResponse({ type: MyCollaborationsDto })
  remove(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.decide(auth, id, { kind: 'remove' });
  }

  @Put(':id/permissions')
  @ApiOkResponse({ type: MyCollaborationsDto })
  permissions(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: PermissionsDto,
  ) {
    return this.decide(auth, id, { kind: 'permissions', canVideos: body.canVideos, canAlbums: body.canAlbums });
  }

  @Post(':id/release-form')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'File the signed release form (PDF, JPEG or PNG, at most 10 MB; stored encrypted)' })
  @ApiOkResponse({ type: MyCollaborationsDto })
  @UseInterceptors(
    FileInterceptor('releaseForm', { limits: { fileSize: MAX_RELEASE_FORM_BYTES, files: 1, fields: 0 } }),
  )
  @UseFilters(new ErrorFilter(releaseFormError))
  async releaseForm(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Req() request: IncomingMessage,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ) {
    assertMultipartForm(
      request,
      () =>
        new AppError(415, 'unsupported_media_type', 'Send the release form as multipart/form-data (field releaseForm)'),
    );
    if (!file) throw releaseFormRequired();
    await this.commands.execute(new FileReleaseFormCommand(auth.user.id, id, file.buffer));
    return this.queries.execute(new MyCollaborationsQuery(auth.user.id));
  }

  private async decide(auth: AuthContext, id: string, decision: CollaborationDecision) {
    await this.commands.execute(new DecideCollaborationCommand(auth.user.id, id, decision));
    return this.queries.execute(new MyCollaborationsQuery(auth.user.id));
  }
}
