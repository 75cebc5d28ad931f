import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import {
  BearerGuard,
  Client,
  CurrentAuth,
  StaffGuard,
  requireAdmin,
  type AuthContext,
  type ClientInfo,
} from '#app/identity';
import { AppError } from '#app/platform';
import type { CaseKind } from '../domain/business-days.js';
import { OpenCaseCommand } from '../commands/open-case/open-case.command.js';
import { WorkCaseCommand, type CaseAction } from '../commands/work-case/work-case.command.js';
import { CaseQuery, CaseQueueQuery } from '../queries/case-queue/case-queue.query.js';
import {
  ComplianceReportCsvQuery,
  ComplianceReportsQuery,
} from '../queries/compliance-reports/compliance-reports.query.js';
import { ModerationErrors } from '../moderation.errors.js';
import {
  AppealDto,
  CaseListDto,
  CaseQueueQueryDto,
  CaseReceiptDto,
  CaseViewDto,
  ComplianceReportListDto,
  ReportDto,
  ResolveCaseDto,
  TakedownDto,
} from './moderation.dto.js';

/**
 * Anyone can report content, ask for a takedown or appeal (SPEC §1, §9); a signed-in reporter is
 * recorded, an anonymous one leaves an email for the outcome.
 */
@ApiTags('moderation')
@Controller('api/moderation')
export class ModerationController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(BearerGuard) private readonly bearer: BearerGuard,
  ) {}

  @Post('reports')
  @HttpCode(201)
  @ApiOperation({ summary: 'Report content, a store or an account: reviewed within 48 hours' })
  @ApiCreatedResponse({ type: CaseReceiptDto })
  async report(@Body() body: ReportDto, @Req() request: IncomingMessage, @Client() client: ClientInfo) {
    return this.open('report', body, body.email ?? null, request, client);
  }

  @Post('takedown-requests')
  @HttpCode(201)
  @ApiOperation({ summary: 'Ask for content to be taken down: acted on within 24 hours' })
  @ApiCreatedResponse({ type: CaseReceiptDto })
  async takedown(@Body() body: TakedownDto, @Req() request: IncomingMessage, @Client() client: ClientInfo) {
    return this.open('takedown', body, body.email, request, client);
  }

  @Post('appeals')
  @HttpCode(201)
  @ApiOperation({ summary: 'Appeal (e.g. as a person depicted): resolved within 7 business days' })
  @ApiCreatedResponse({ type: CaseReceiptDto })
  async appeal(@Body() body: AppealDto, @Req() request: IncomingMessage, @Client() client: ClientInfo) {
    return this.open('appeal', body, body.email, request, client);
  }

  private async open(
    kind: CaseKind,
    body: ReportDto | TakedownDto | AppealDto,
    email: string | null,
    request: IncomingMessage,
    client: ClientInfo,
  ) {
    const auth = request.headers.authorization ? await this.bearer.authenticate(request.headers.authorization) : null;
    const reporterEmail = email ?? auth?.user.email ?? null;
    if (!reporterEmail && kind !== 'report') throw ModerationErrors.emailRequired();
    return this.commands.execute(
      new OpenCaseCommand(
        kind,
        body.subjectType,
        body.subjectId,
        body.reason,
        body.details,
        auth?.user.id ?? null,
        reporterEmail,
        client.ip,
      ),
    );
  }
}

/** The moderator queues (reports, takedowns, appeals) sorted by deadline, and the compliance reports. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/moderation')
@UseGuards(BearerGuard, StaffGuard)
export class AdminModerationController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('cases')
  @ApiOperation({ summary: 'Open cases soonest deadline first (with stage and time left), or resolved ones' })
  @ApiOkResponse({ type: CaseListDto })
  async cases(@CurrentAuth() auth: AuthContext, @Query() query: CaseQueueQueryDto): Promise<CaseListDto> {
    return {
      items: await this.queries.execute(new CaseQueueQuery(query.kind ?? null, query.status ?? 'open', auth.user.id)),
    };
  }

  @Get('cases/:id')
  @ApiOkResponse({ type: CaseViewDto })
  async case(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string): Promise<CaseViewDto> {
    const found = await this.queries.execute(new CaseQuery(id, auth.user.id));
    if (!found) throw ModerationErrors.notFound();
    return found;
  }

  @Post('cases/:id/claim')
  @HttpCode(200)
  @ApiOkResponse({ type: CaseViewDto })
  async claim(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'claim' }, client);
  }

  @Post('cases/:id/release')
  @HttpCode(200)
  @ApiOkResponse({ type: CaseViewDto })
  async release(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'release' }, client);
  }

  @Post('cases/:id/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record the decision (needs the claim); audited with whether it was on time' })
  @ApiOkResponse({ type: CaseViewDto })
  async resolve(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ResolveCaseDto,
    @Client() client: ClientInfo,
  ) {
    return this.act(id, auth, { kind: 'resolve', outcome: body.outcome, note: body.note }, client);
  }

  @Get('compliance-reports')
  @ApiOperation({ summary: 'Monthly compliance reports and quarterly audits (admins)' })
  @ApiOkResponse({ type: ComplianceReportListDto })
  async reports(@CurrentAuth() auth: AuthContext): Promise<ComplianceReportListDto> {
    requireAdmin(auth);
    return { items: await this.queries.execute(new ComplianceReportsQuery()) };
  }

  @Get('compliance-reports/:id/csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Download a compliance report: one row per case of the period (admins)' })
  async reportCsv(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string) {
    requireAdmin(auth);
    const csv = await this.queries.execute(new ComplianceReportCsvQuery(id));
    if (csv === null) throw new AppError(404, 'not_found', 'Report not found');
    return csv;
  }

  private async act(id: string, auth: AuthContext, action: CaseAction, client: ClientInfo) {
    await this.commands.execute(new WorkCaseCommand(id, auth.user.id, action, client.ip));
    return (await this.queries.execute(new CaseQuery(id, auth.user.id)))!;
  }
}
