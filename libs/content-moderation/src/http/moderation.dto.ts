import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ClaimViewDto } from '#app/platform';
import {
  CASE_OUTCOMES,
  REPORT_REASONS,
  REPORTABLE_SUBJECT_TYPES,
  SUBJECT_TYPES,
  type CaseOutcome,
  type ReportReason,
  type ReportableSubjectType,
  type SubjectType,
} from '../entities/moderation-case.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

class CaseSubjectDto {
  @ApiProperty({ enum: REPORTABLE_SUBJECT_TYPES })
  @IsIn(REPORTABLE_SUBJECT_TYPES, { message: `subjectType must be one of ${REPORTABLE_SUBJECT_TYPES.join(', ')}` })
  subjectType!: ReportableSubjectType;

  @ApiProperty({ description: 'The id (or store slug) of what the case is about' })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ minLength: 10, maxLength: 4000 })
  @Transform(trim)
  @IsString({ message: 'details is required' })
  @MinLength(10, { message: 'details must say what is wrong (at least 10 characters)' })
  @MaxLength(4000)
  details!: string;
}

export class ReportDto extends CaseSubjectDto {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;

  @ApiPropertyOptional({ description: 'Where to send the outcome (signed-in reporters are known already)' })
  @IsOptional()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email?: string;
}

export const TAKEDOWN_GROUNDS = ['depicted_without_consent', 'copyright', 'personal_information', 'other'] as const;

export class TakedownDto extends CaseSubjectDto {
  @ApiProperty({ enum: TAKEDOWN_GROUNDS })
  @IsIn(TAKEDOWN_GROUNDS, { message: `reason must be one of ${TAKEDOWN_GROUNDS.join(', ')}` })
  reason!: (typeof TAKEDOWN_GROUNDS)[number];

  @ApiProperty({ description: 'Required: the outcome is sent here' })
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email!: string;
}

export const APPEAL_GROUNDS = ['depicted_person', 'creator_rejection', 'creator_removal'] as const;

export class AppealDto extends CaseSubjectDto {
  @ApiProperty({ enum: APPEAL_GROUNDS })
  @IsIn(APPEAL_GROUNDS, { message: `reason must be one of ${APPEAL_GROUNDS.join(', ')}` })
  reason!: (typeof APPEAL_GROUNDS)[number];

  @ApiProperty({ description: 'Required: the outcome is sent here' })
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email!: string;
}

export class CaseReceiptDto {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time', description: 'When the case will have been handled by' }) dueAt!: string;
}

export class CaseQueueQueryDto {
  @ApiPropertyOptional({ enum: ['report', 'takedown', 'appeal'] })
  @IsOptional()
  @IsIn(['report', 'takedown', 'appeal'], { message: 'kind must be one of report, takedown, appeal' })
  kind?: 'report' | 'takedown' | 'appeal';

  @ApiPropertyOptional({ enum: ['open', 'resolved'], default: 'open' })
  @IsOptional()
  @IsIn(['open', 'resolved'], { message: 'status must be open or resolved' })
  status?: 'open' | 'resolved';
}

export class ResolveCaseDto {
  @ApiProperty({ enum: CASE_OUTCOMES })
  @IsIn(CASE_OUTCOMES, { message: `outcome must be one of ${CASE_OUTCOMES.join(', ')}` })
  outcome!: CaseOutcome;

  @ApiProperty({ minLength: 5, maxLength: 2000 })
  @Transform(trim)
  @IsString({ message: 'note is required' })
  @MinLength(5, { message: 'note must say what was decided (at least 5 characters)' })
  @MaxLength(2000)
  note!: string;
}

export class CaseViewDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['report', 'takedown', 'appeal'] }) kind!: 'report' | 'takedown' | 'appeal';
  @ApiProperty({ enum: SUBJECT_TYPES }) subjectType!: SubjectType;
  @ApiProperty() subjectId!: string;
  @ApiProperty() reason!: string;
  @ApiProperty() details!: string;
  @ApiProperty({ type: String, nullable: true }) reporterEmail!: string | null;
  @ApiProperty({ enum: ['open', 'resolved'] }) status!: 'open' | 'resolved';
  @ApiProperty({ type: String, nullable: true }) outcome!: string | null;
  @ApiProperty({ type: String, nullable: true }) resolutionNote!: string | null;
  @ApiProperty({ format: 'date-time' }) openedAt!: string;
  @ApiProperty({ format: 'date-time' }) dueAt!: string;
  @ApiProperty({ enum: ['on_time', 'warn', 'overdue'] }) stage!: 'on_time' | 'warn' | 'overdue';
  @ApiProperty({ description: 'Milliseconds to the deadline; negative once overdue' }) remainingMs!: number;
  @ApiProperty({ type: String, nullable: true }) claimedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) claimedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) resolvedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) resolvedAt!: string | null;
  @ApiProperty() breached!: boolean;
  @ApiProperty({
    type: () => ClaimViewDto,
    description:
      'What you may do with it: claim it, resolve it, or neither (another reviewer holds it, or you filed it or it is about you or your content)',
  })
  claim!: ClaimViewDto;
}

export class CaseListDto {
  @ApiProperty({ type: [CaseViewDto] }) items!: CaseViewDto[];
}

export class ComplianceReportDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['monthly', 'quarterly'] }) kind!: 'monthly' | 'quarterly';
  @ApiProperty({ example: '2026-10' }) period!: string;
  @ApiProperty({ format: 'date-time' }) generatedAt!: string;
  @ApiProperty() incidents!: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) summary!: Record<string, unknown>;
}

export class ComplianceReportListDto {
  @ApiProperty({ type: [ComplianceReportDto] }) items!: ComplianceReportDto[];
}
