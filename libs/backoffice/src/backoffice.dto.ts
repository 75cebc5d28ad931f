import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { APP_ROLES, type AppRole, type StaffRefusalCode } from '#app/identity';
import type { VerificationStatusView } from '#app/verification';

type VerificationStatus = NonNullable<VerificationStatusView['status']>;
const VERIFICATION_STATUSES = ['processing', 'accepted', 'rejected'] as const satisfies readonly VerificationStatus[];
const STAFF_REFUSALS = ['own_account', 'staff_hierarchy', 'forbidden'] as const satisfies readonly StaffRefusalCode[];

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

export type StaffRole = 'moderator' | 'admin';

export class AdminMeDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ['moderator', 'admin'] }) role!: StaffRole;
  @ApiProperty({ enum: ['aal2'], description: 'The console needs a two-factor session' }) aal!: 'aal2';
}

export class PendingAdminGrantDto {
  @ApiProperty({ format: 'uuid', description: 'The admin who asked; another admin approves by making the same change' })
  requestedBy!: string;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
}

export class AdminUserDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: APP_ROLES }) role!: AppRole;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) emailConfirmedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) lastSignInAt!: string | null;
  @ApiProperty({ description: 'A verified second factor' }) mfaEnabled!: boolean;
  @ApiProperty({ enum: VERIFICATION_STATUSES, nullable: true, description: 'null: never submitted' })
  verificationStatus!: VerificationStatus | null;
  @ApiProperty({ description: 'Whether the signed-in staff member may change this account’s role or turn off its 2FA' })
  canManage!: boolean;
  @ApiProperty({
    enum: STAFF_REFUSALS,
    nullable: true,
    description: 'The 403 code such an action would be refused with; null when canManage',
  })
  manageRefusal!: StaffRefusalCode | null;
  @ApiProperty({
    type: PendingAdminGrantDto,
    nullable: true,
    description: 'Making an admin takes two admins: the first request waits here for a second',
  })
  pendingAdminGrant!: PendingAdminGrantDto | null;
}

export class AdminUserListDto {
  @ApiProperty({ type: [AdminUserDto] }) items!: AdminUserDto[];
}

export class AuditActorDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: '"(deleted user)" when the account is gone' }) email!: string;
}

export class AuditEntryDto {
  @ApiProperty({ example: '42' }) id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: () => AuditActorDto, nullable: true, description: 'null for actions of the system' })
  actor!: AuditActorDto | null;
  @ApiProperty({ example: 'verification.accepted' }) action!: string;
  @ApiProperty({ type: String, nullable: true }) targetType!: string | null;
  @ApiProperty({ type: String, nullable: true }) targetId!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) details!: Record<string, unknown>;
  @ApiProperty({ type: String, nullable: true }) ipAddress!: string | null;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) items!: AuditEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `before` for the next page; null on the last page',
  })
  nextBefore!: string | null;
}
