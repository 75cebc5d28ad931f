import { Body, Controller, Get, Inject, Param, ParseUUIDPipe, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  BearerGuard,
  ChangeUserRoleCommand,
  Client,
  FindUserQuery,
  CurrentAuth,
  ListUserFactorsQuery,
  SearchUsersQuery,
  StaffGuard,
  requireAdmin,
  staffRefusal,
  type AuthContext,
  type ClientInfo,
  type UserRecord,
} from '#app/identity';
import { AuditLog } from '#app/platform';
import { VerificationStatusQuery } from '#app/verification';
import { RealtimePublisher } from '#app/realtime';
import {
  AdminMeDto,
  AdminUserDto,
  AdminUserListDto,
  AuditPageDto,
  AuditQueryDto,
  ChangeRoleDto,
  UserSearchDto,
  type StaffRole,
} from './backoffice.dto.js';

/** The staff console's own endpoints: who am I, find and change users, read the audit log. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin')
@UseGuards(BearerGuard, StaffGuard)
export class BackofficeController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(RealtimePublisher) private readonly live: RealtimePublisher,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in staff member (the console checks its token with this)' })
  @ApiOkResponse({ type: AdminMeDto })
  me(@CurrentAuth() auth: AuthContext): AdminMeDto {
    // StaffGuard lets only moderators and admins with an aal2 session this far.
    return {
      id: auth.user.id,
      email: auth.user.email,
      role: auth.user.appRole as StaffRole,
      aal: auth.claims.aal as 'aal2',
    };
  }

  @Get('users')
  @ApiOperation({ summary: 'Find users by email (or id), with role, 2FA and verification status (admins)' })
  @ApiOkResponse({ type: AdminUserListDto })
  async users(@CurrentAuth() auth: AuthContext, @Query() query: UserSearchDto): Promise<AdminUserListDto> {
    requireAdmin(auth);
    const users = await this.queries.execute(new SearchUsersQuery(query.q ?? '', 50));
    return { items: await Promise.all(users.map((user) => this.describe(auth, user))) };
  }

  @Put('users/:id/role')
  @ApiOperation({
    summary:
      "Change a user's role (admins; audited with before and after). Making an admin takes a second admin: the first request stays pending",
  })
  @ApiOkResponse({ type: AdminUserDto })
  async changeRole(
    @CurrentAuth() auth: AuthContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ChangeRoleDto,
    @Client() client: ClientInfo,
  ): Promise<AdminUserDto> {
    requireAdmin(auth);
    const { changed } = await this.commands.execute(
      new ChangeUserRoleCommand(id, body.role, auth.user.id, 'changed by an admin in the console', client.ip),
    );
    // Committed: someone who is no longer staff stops hearing staff:moderation at once, on every instance.
    if (changed && body.role !== 'moderator' && body.role !== 'admin') await this.live.revoke('staff:moderation', id);
    const [user] = await this.queries.execute(new SearchUsersQuery(id, 1));
    return this.describe(auth, user);
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'Every moderator and admin action, newest first (admins)' })
  @ApiOkResponse({ type: AuditPageDto })
  async auditLog(@CurrentAuth() auth: AuthContext, @Query() query: AuditQueryDto): Promise<AuditPageDto> {
    requireAdmin(auth);
    const limit = query.limit ?? 50;
    // The audit log is the platform's shared table; actor emails are asked of identity.
    const rows = await this.audit.page(this.orm.em.fork(), {
      before: query.before,
      actionPrefix: query.action,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const emails = new Map<string, string>();
    for (const actorId of new Set(page.map((row) => row.actorId).filter((id): id is string => id !== null))) {
      emails.set(actorId, (await this.queries.execute(new FindUserQuery(actorId)))?.email ?? '(deleted user)');
    }
    return {
      items: page.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        actor: row.actorId ? { id: row.actorId, email: emails.get(row.actorId)! } : null,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        details: row.details,
        ipAddress: row.ipAddress,
      })),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  private async describe(auth: AuthContext, user: UserRecord): Promise<AdminUserDto> {
    const [factors, verification] = await Promise.all([
      this.queries.execute(new ListUserFactorsQuery(user.id)),
      this.queries.execute(new VerificationStatusQuery(user.id)),
    ]);
    // The same rule the role and 2FA commands enforce, so the console offers only what they accept.
    const refusal = staffRefusal({ id: auth.user.id, role: auth.user.appRole }, user);
    return {
      ...user,
      mfaEnabled: factors.some((factor) => factor.status === 'verified'),
      verificationStatus: verification.status,
      canManage: refusal === null,
      manageRefusal: refusal?.code ?? null,
    };
  }
}
