import { Body, Controller, Get, Inject, Param, ParseUUIDPipe, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_ROLES, BearerGuard, ChangeUserRoleCommand, Client, FindUserQuery, CurrentAuth, ListUserFactorsQuery, SearchUsersQuery, StaffGuard, type AppRole, type AuthContext, type ClientInfo, type UserRecord } from '#app/identity';
import { AppError } from '#app/platform';
import { VerificationStatusQuery } from '#app/verification';

export class UserSearchDto {
  @ApiPropertyOptional({ description: 'Part of an email address, or a user id' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: APP_ROLES })
  @IsIn(APP_ROLES, { message: `role must be one of ${APP_ROLES.join(', ')}` })
  role!: AppRole;
}

export class AuditQueryDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({ description: 'Entries older than this id (the previous page’s nextBefore)' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'before must be an entry id' })
  before?: string;

  @ApiPropertyOptional({ description: 'Action prefix, e.g. verification. or user.role_changed' })
  @IsOptional()
  @Matches(/^[a-z_.]{1,60}$/, { message: 'action must be an action name or prefix (letters, dots, underscores)' })
  action?: string;
}

interface AuditRow {
  id: string;
  created_at: Date;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
}

function requireAdmin(auth: AuthContext): void {
  if (auth.user.appRole !== 'admin') throw new AppError(403, 'forbidden', 'This action is for admins');
}

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
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in staff member (the console checks its token with this)' })
  me(@CurrentAuth() auth: AuthContext) {
    return { id: auth.user.id, email: auth.user.email, role: auth.user.appRole, aal: auth.claims.aal };
  }

  @Get('users')
  @ApiOperation({ summary: 'Find users by email (or id), with role, 2FA and verification status (admins)' })
  async users(@CurrentAuth() auth: AuthContext, @Query() query: UserSearchDto) {
    requireAdmin(auth);
    const users = await this.queries.execute(new SearchUsersQuery(query.q ?? '', 50));
    return { items: await Promise.all(users.map((user) => this.describe(user))) };
  }

  @Put('users/:id/role')
  @ApiOperation({ summary: "Change a user's role (admins; audited with before and after)" })
  async changeRole(@CurrentAuth() auth: AuthContext, @Param('id', new ParseUUIDPipe()) id: string, @Body() body: ChangeRoleDto, @Client() client: ClientInfo) {
    requireAdmin(auth);
    if (id === auth.user.id) throw new AppError(409, 'own_role', 'You cannot change your own role; ask another admin');
    await this.commands.execute(new ChangeUserRoleCommand(id, body.role, auth.user.id, 'changed by an admin in the console', client.ip));
    const [user] = await this.queries.execute(new SearchUsersQuery(id, 1));
    return this.describe(user);
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'Every moderator and admin action, newest first (admins)' })
  async auditLog(@CurrentAuth() auth: AuthContext, @Query() query: AuditQueryDto) {
    requireAdmin(auth);
    const limit = query.limit ?? 50;
    const params: unknown[] = [];
    const where: string[] = [];
    if (query.before) {
      where.push('a.id < ?');
      params.push(query.before);
    }
    if (query.action) {
      where.push(`a.action like ? escape '\\'`);
      params.push(`${query.action.replace(/_/g, '\\_')}%`);
    }
    params.push(limit + 1);
    // The audit log is the platform's shared table; actor emails are asked of identity.
    const rows = await this.orm.em.fork().execute<AuditRow[]>(
      `select a.id::text as id, a.created_at, a.actor_id, a.action, a.target_type, a.target_id, a.details, a.ip_address
         from audit_log a
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by a.id desc limit ?`,
      params,
    );
    const page = rows.slice(0, limit);
    const emails = new Map<string, string>();
    for (const actorId of new Set(page.map((row) => row.actor_id).filter((id): id is string => id !== null))) {
      emails.set(actorId, (await this.queries.execute(new FindUserQuery(actorId)))?.email ?? '(deleted user)');
    }
    return {
      items: page.map((row) => ({
        id: row.id,
        at: new Date(row.created_at).toISOString(),
        actor: row.actor_id ? { id: row.actor_id, email: emails.get(row.actor_id)! } : null,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        details: row.details,
        ipAddress: row.ip_address,
      })),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  private async describe(user: UserRecord) {
    const [factors, verification] = await Promise.all([
      this.queries.execute(new ListUserFactorsQuery(user.id)),
      this.queries.execute(new VerificationStatusQuery(user.id)),
    ]);
    return { ...user, mfaEnabled: factors.some((factor) => factor.status === 'verified'), verificationStatus: verification.status };
  }
}
