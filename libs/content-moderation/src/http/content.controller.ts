import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppError, ObjectStorage, contentTypeOf, type AppConfig } from '#app/platform';
import { BearerGuard, Client, CurrentAuth, StaffGuard, type AuthContext, type ClientInfo } from '#app/identity';
import { EntitlementService, type Actor } from '#app/entitlements';
import {
  CreateContentCommand,
  RemoveMediaCommand,
  SubmitContentCommand,
  UpdateContentCommand,
} from '../commands/manage-content/manage-content.command.js';
import { ReviewContentCommand, type ContentReviewAction } from '../commands/review-content/review-content.command.js';
import { SetContentCollaboratorsCommand } from '../commands/collaborations/collaborations.command.js';
import {
  ChooseCoverCommand,
  ChooseTeaserCommand,
  ReorderMediaCommand,
} from '../commands/arrange-content/arrange-content.command.js';
import {
  ContentByIdQuery,
  ContentOwnerQuery,
  ContentReviewQueueQuery,
  MyContentQuery,
  type ContentView,
} from '../queries/content/content.query.js';
import { ContentMedia } from '../entities/content-media.entity.js';
import { ContentItem } from '../entities/content-item.entity.js';
import { mediaKey } from '../domain/media-keys.js';
import { ContentErrors } from '../moderation.errors.js';
import { downloadName } from './download-name.js';
import { BlurredPreviews } from './blurred-previews.js';
import {
  ContentFieldsDto,
  ContentListDto,
  ContentQueueQueryDto,
  CoverDto,
  CreateContentDto,
  ManagedContentViewDto,
  MediaOrderDto,
  StaffContentListDto,
  StaffContentViewDto,
  ReasonDto,
  TeaserDto,
} from './content.dto.js';

const actorOf = (auth: AuthContext): Actor => ({ id: auth.user.id, role: auth.user.appRole, aal: auth.claims.aal });

/** A creator's own videos and albums: create, change, submit for review (the owner always from the session). */
@ApiTags('content')
@ApiBearerAuth()
@Controller('api/content')
export class ContentController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  @UseGuards(BearerGuard)
  @HttpCode(201)
  @ApiOperation({
    summary: 'Start a video or photo album (verified creators, live phase); upload its files with tus at /api/uploads',
  })
  @ApiCreatedResponse({ type: ManagedContentViewDto })
  async create(@CurrentAuth() auth: AuthContext, @Body() body: CreateContentDto): Promise<ContentView> {
    const { id } = await this.commands.execute(
      new CreateContentCommand(auth.user.id, body.kind, {
        title: body.title,
        description: body.description,
        priceMinor: body.priceMinor,
        currency: body.currency,
      }),
    );
    return this.ownView(auth, id);
  }

  @Get('mine')
  @UseGuards(BearerGuard)
  @ApiOkResponse({ type: ContentListDto })
  async mine(@CurrentAuth() auth: AuthContext): Promise<ContentListDto> {
    return { items: await this.queries.execute(new MyContentQuery(auth.user.id, actorOf(auth))) };
  }

  @Get(':id')
  @UseGuards(BearerGuard)
  @ApiOkResponse({ type: ManagedContentViewDto })
  async one(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ContentView> {
    return this.ownView(auth, id);
  }

  @Patch(':id')
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Change a draft or a rejected item' })
  @ApiOkResponse({ type: ManagedContentViewDto })
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ContentFieldsDto,
  ): Promise<ContentView> {
    await this.assertOwner(auth, id);
    const { collaboratorIds, ...fields } = body;
    if (Object.values(fields).some((value) => value !== undefined))
      await this.commands.execute(new UpdateContentCommand(auth.user.id, id, fields));
    if (collaboratorIds !== undefined)
      await this.commands.execute(new SetContentCollaboratorsCommand(auth.user.id, id, collaboratorIds));
    return this.ownView(auth, id);
  }

  @Delete(':id/media/:mediaId')
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Remove a file from a draft or rejected item (e.g. to replace a video)' })
  @ApiOkResponse({ type: ManagedContentViewDto })
  async removeMedia(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('mediaId', new ParseUUIDPipe()) mediaId: string,
  ): Promise<ContentView> {
    await this.assertOwner(auth, id);
    await this.commands.execute(new RemoveMediaCommand(auth.user.id, id, mediaId));
    return this.ownView(auth, id);
  }

  @Put(':id/media-order')
  @UseGuards(BearerGuard)
  @ApiOperation({
    summary:
      'Put the files in the order buyers and moderators see and number them (every file once); not while in review. An approved item stays approved.',
  })
  @ApiOkResponse({ type: ManagedContentViewDto })
  async reorder(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: MediaOrderDto,
  ): Promise<ContentView> {
    await this.assertOwner(auth, id);
    await this.commands.execute(new ReorderMediaCommand(auth.user.id, id, body.mediaIds));
    return this.ownView(auth, id);
  }

  @Put(':id/cover')
  @UseGuards(BearerGuard)
  @ApiOperation({
    summary: "Choose which of an album's processed photos its card shows. An approved item stays approved.",
  })
  @ApiOkResponse({ type: ManagedContentViewDto })
  async cover(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: CoverDto,
  ): Promise<ContentView> {
    await this.assertOwner(auth, id);
    await this.commands.execute(new ChooseCoverCommand(auth.user.id, id, body.mediaId));
    return this.ownView(auth, id);
  }

  @Put(':id/teaser')
  @UseGuards(BearerGuard)
  @ApiOperation({
    summary:
      "What the store shows before purchase: a blurred card, or a free preview (an album's cover, a video's first ten seconds; only once approved)",
  })
  @ApiOkResponse({ type: ManagedContentViewDto })
  async teaser(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: TeaserDto,
  ): Promise<ContentView> {
    await this.assertOwner(auth, id);
    await this.commands.execute(new ChooseTeaserCommand(auth.user.id, id, body.teaser));
    return this.ownView(auth, id);
  }

  @Post(':id/submit')
  @UseGuards(BearerGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Send for pre-publication review: Pending Review (moderators are notified)' })
  @ApiOkResponse({ type: ManagedContentViewDto })
  async submit(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ContentView> {
    await this.assertOwner(auth, id);
    await this.commands.execute(new SubmitContentCommand(auth.user.id, id));
    return this.ownView(auth, id);
  }

  /** Anyone but the item's creator is told it does not exist, before anything is read or changed. */
  private async assertOwner(auth: AuthContext, id: string): Promise<void> {
    const owner = await this.queries.execute(new ContentOwnerQuery(id));
    if (owner !== auth.user.id) throw ContentErrors.notFound();
  }

  /** The owner's view: its links are signed because the viewer is the owner, and for nobody else. */
  private async ownView(auth: AuthContext, id: string): Promise<ContentView> {
    const view = await this.queries.execute(new ContentByIdQuery(id, { viewer: actorOf(auth) }));
    if (!view || view.creatorId !== auth.user.id) throw ContentErrors.notFound();
    return view;
  }
}

/** The pre-publication review queue (moderators and admins, aal2). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/content')
@UseGuards(BearerGuard, StaffGuard)
export class AdminContentController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Content waiting for review, oldest first (or decided items, newest first)' })
  @ApiOkResponse({ type: StaffContentListDto })
  async queue(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ContentQueueQueryDto,
  ): Promise<{ items: ContentView[] }> {
    return {
      items: await this.queries.execute(
        new ContentReviewQueueQuery(query.status ?? 'pending_review', auth.user.id, actorOf(auth)),
      ),
    };
  }

  @Get(':id')
  @ApiOkResponse({ type: StaffContentViewDto })
  async one(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<ContentView> {
    const view = await this.queries.execute(
      new ContentByIdQuery(id, { reviewerId: auth.user.id, viewer: actorOf(auth) }),
    );
    if (!view || view.status === 'draft') throw ContentErrors.notFound();
    return view;
  }

  @Post(':id/claim')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffContentViewDto })
  claim(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string, @Client() client: ClientInfo) {
    return this.act(id, auth, { kind: 'claim' }, client);
  }

  @Post(':id/release')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffContentViewDto })
  release(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'release' }, client);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffContentViewDto })
  @ApiOperation({ summary: 'Approve (needs the claim): the item goes live in the store; the creator is emailed' })
  approve(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'approve' }, client);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffContentViewDto })
  @ApiOperation({ summary: 'Reject with a reason (needs the claim); the creator may change and resubmit, or appeal' })
  reject(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ReasonDto,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'reject', reason: body.reason }, client);
  }

  @Post(':id/remove')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffContentViewDto })
  @ApiOperation({ summary: 'Remove content without notice (admins; audited)' })
  remove(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ReasonDto,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'remove', reason: body.reason }, client);
  }

  @Post(':id/restore')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffContentViewDto })
  @ApiOperation({ summary: 'Restore removed content after an upheld appeal (admins; audited)' })
  restore(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'restore' }, client);
  }

  private async act(
    id: string,
    auth: AuthContext,
    action: ContentReviewAction,
    client: ClientInfo,
  ): Promise<ContentView> {
    await this.commands.execute(new ReviewContentCommand(id, auth.user.id, auth.user.appRole, action, client.ip));
    return (await this.queries.execute(new ContentByIdQuery(id, { reviewerId: auth.user.id, viewer: actorOf(auth) })))!;
  }
}

/** How long a presigned bucket URL lives (MEDIA_SIGNED_URLS): long enough to start playback, short enough not to share. */
export const PRESIGNED_MEDIA_SECONDS = 120;

/**
 * Thumbnails and files through signed links only; video supports byte ranges for seeking. The bytes
 * are streamed from storage, or (MEDIA_SIGNED_URLS, S3) the link answers 302 to a short-lived
 * presigned URL on the private bucket, after the same checks.
 */
@ApiTags('content')
@Controller('api/media')
export class MediaController {
  constructor(
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BlurredPreviews) private readonly blurred: BlurredPreviews,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  @Get(':id/blurred')
  @ApiOperation({
    summary:
      "An approved item's blurred preview, made from its thumbnail on the server: public, or for an adult store through the signed link in its views",
  })
  async blurredPreview(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query('token') token: unknown,
    @Res() response: ServerResponse,
  ) {
    const em = this.orm.em.fork();
    const file = await em.findOne(ContentMedia, id);
    const item = file?.thumbnailKey ? await em.findOne(ContentItem, file.contentId) : null;
    // An adult store's previews show only through a link signed for someone who may see its page.
    const open = item?.status === 'approved' && (await this.entitlements.opensBlurred(id, item.creatorId, token));
    const bytes = file?.thumbnailKey && open ? await this.blurred.bytes(file.id, file.thumbnailKey) : null;
    if (!bytes) throw new AppError(404, 'not_found', 'Media not found');
    const cache = typeof token === 'string' ? 'private, max-age=3600' : 'public, max-age=86400';
    response
      .writeHead(200, {
        'content-type': 'image/webp',
        'content-length': String(bytes.length),
        'cache-control': cache,
        'x-content-type-options': 'nosniff',
      })
      .end(bytes);
  }

  @Get()
  @ApiOperation({ summary: 'A thumbnail or file through a ten-minute link from a content view' })
  async media(@Query('token') token: unknown, @Req() request: IncomingMessage, @Res() response: ServerResponse) {
    const claims = this.entitlements.openContentMedia(token);
    const em = this.orm.em.fork();
    const file = await em.findOne(ContentMedia, claims.m);
    const key =
      claims.v === 'thumbnail' ? file?.thumbnailKey : claims.v === 'preview' ? file?.previewKey : file?.cleanKey;
    // Removed content is gone for everyone, whatever links were handed out.
    const item = file ? await em.findOne(ContentItem, file.contentId) : null;
    if (!file || !key || !item || item.status === 'removed') throw new AppError(404, 'not_found', 'Media not found');
    const type = contentTypeOf(key);
    // Only a link signed as a download (issued when the store allows downloads) is served as an attachment.
    const disposition =
      claims.v === 'download' ? `attachment; filename="${downloadName(file.originalName, key)}"` : 'inline';
    if (this.config.MEDIA_SIGNED_URLS) {
      const url = await this.storage.signedUrl(mediaKey(key), {
        expiresInSeconds: PRESIGNED_MEDIA_SECONDS,
        contentDisposition: disposition,
        contentType: type,
      });
      if (url) return void response.writeHead(302, { location: url, 'cache-control': 'private, no-store' }).end();
    }
    // A row whose file is gone (storage restored from an older backup, a seeded fixture) is a 404, not a crash.
    const found = await this.storage.head(mediaKey(key));
    if (!found) throw new AppError(404, 'not_found', 'Media not found');
    const { size } = found;
    const headers = {
      'content-type': type,
      'content-disposition': disposition,
      'cache-control': 'private, max-age=600',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    };
    // A client that goes away mid-file only ends its own stream; the storage stream is closed either way.
    const send = async (status: number, extra: Record<string, string>, range?: { start: number; end: number }) => {
      const body = request.method === 'HEAD' ? null : await this.storage.stream(mediaKey(key), range);
      if (request.method !== 'HEAD' && !body) throw new AppError(404, 'not_found', 'Media not found');
      response.writeHead(status, { ...headers, ...extra });
      if (!body) return void response.end();
      pipeline(body, response, () => undefined);
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end)
        return void response.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
      return send(
        206,
        { 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) },
        { start, end },
      );
    }
    return send(200, { 'content-length': String(size) });
  }
}
