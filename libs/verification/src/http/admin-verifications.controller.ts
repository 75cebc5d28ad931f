import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { MikroORM } from '@mikro-orm/postgresql';
import { BearerGuard, Client, CurrentAuth, StaffGuard, type AuthContext, type ClientInfo } from '#app/identity';
import { EntitlementService } from '#app/entitlements';
import { AuditLog, PrivateFiles } from '#app/platform';
import {
  ReviewVerificationCommand,
  type ReviewAction,
} from '../commands/review-verification/review-verification.command.js';
import { ReviewItemQuery, ReviewQueueQuery } from '../queries/review-queue/review-queue.query.js';
import { VerificationErrors } from '../verification.errors.js';
import {
  QueueQueryDto,
  RejectDto,
  ReviewItemDetailDto,
  ReviewItemDto,
  ReviewQueueDto,
} from './admin-verifications.dto.js';

/** The verification review console (moderators and admins with an aal2 session). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/verifications')
@UseGuards(BearerGuard, StaffGuard)
export class AdminVerificationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Submissions of one status; processing oldest first, decided newest first (at most 100)' })
  @ApiOkResponse({ type: ReviewQueueDto })
  async list(@CurrentAuth() auth: AuthContext, @Query() query: QueueQueryDto): Promise<ReviewQueueDto> {
    return { items: await this.queries.execute(new ReviewQueueQuery(query.status ?? 'processing', auth.user.id)) };
  }

  @Get(':id')
  @ApiOperation({
    summary:
      'One submission; two-minute links to its images only for the moderator holding its claim (the view and each image read are audited)',
  })
  @ApiOkResponse({ type: ReviewItemDetailDto })
  async detail(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ): Promise<ReviewItemDetailDto> {
    const item = await this.queries.execute(new ReviewItemQuery(id, auth.user.id));
    if (!item) throw VerificationErrors.notFound();
    const em = this.orm.em.fork();
    await this.audit.record(em, {
      actorId: auth.user.id,
      action: 'verification.viewed',
      targetType: 'verification',
      targetId: id,
      details: { userId: item.userId },
      ipAddress: client.ip,
    });
    const { imageKeys: _keys, ...rest } = item;
    const images = await this.entitlements.idImageLinks(
      { id: auth.user.id, role: auth.user.appRole, aal: auth.claims.aal },
      id,
    );
    return { ...rest, images };
  }

  @Post(':id/claim')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take the submission: nobody else can decide it for 30 minutes' })
  @ApiOkResponse({ type: ReviewItemDto })
  async claim(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ): Promise<ReviewItemDto> {
    return this.act(id, auth, { kind: 'claim' }, client);
  }

  @Post(':id/release')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give the submission back to the queue' })
  @ApiOkResponse({ type: ReviewItemDto })
  async release(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ): Promise<ReviewItemDto> {
    return this.act(id, auth, { kind: 'release' }, client);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept (needs the claim): the user becomes a creator and is emailed' })
  @ApiOkResponse({ type: ReviewItemDto })
  async accept(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ): Promise<ReviewItemDto> {
    return this.act(id, auth, { kind: 'accept' }, client);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject with a reason (needs the claim): the user is emailed and may submit again' })
  @ApiOkResponse({ type: ReviewItemDto })
  async reject(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: RejectDto,
    @Client() client: ClientInfo,
  ): Promise<ReviewItemDto> {
    return this.act(id, auth, { kind: 'reject', reason: body.reason }, client);
  }

  private async act(id: string, auth: AuthContext, action: ReviewAction, client: ClientInfo): Promise<ReviewItemDto> {
    await this.commands.execute(new ReviewVerificationCommand(id, auth.user.id, action, client.ip));
    const item = await this.queries.execute(new ReviewItemQuery(id, auth.user.id));
    const { imageKeys: _keys, ...rest } = item!;
    return rest;
  }
}

/**
 * Serves an ID image to the staff member a signed link was issued to, and only with their own aal2
 * session beside it (the console fetches the bytes with its bearer): a copied link opens nothing.
 * Never cached, never public.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/verification-images')
@UseGuards(BearerGuard, StaffGuard)
export class VerificationImagesController {
  constructor(
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
  ) {}

  @Get()
  @ApiOperation({ summary: 'An ID image through a two-minute link from GET /api/admin/verifications/:id' })
  async image(
    @CurrentAuth() auth: AuthContext,
    @Query('token') token: unknown,
    @Client() client: ClientInfo,
    @Res() response: ServerResponse,
  ) {
    // The link dies with its holder's claim or staff role; each read is audited there.
    const reader = { id: auth.user.id, role: auth.user.appRole, aal: auth.claims.aal };
    const { submissionId, kind } = await this.entitlements.openIdImage(token, reader, client.ip);
    const item = await this.queries.execute(new ReviewItemQuery(submissionId, ''));
    if (!item) throw VerificationErrors.notFound();
    const data = await this.files.get(item.imageKeys[kind]);
    response
      .writeHead(200, {
        'content-type': 'image/jpeg',
        'content-length': data.length,
        'cache-control': 'private, no-store, max-age=0',
        'content-disposition': 'inline',
        'cross-origin-resource-policy': 'same-origin',
      })
      .end(data);
  }
}
