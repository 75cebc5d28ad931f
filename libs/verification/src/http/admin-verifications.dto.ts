import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../entities/verification-submission.entity.js';
import { ClaimViewDto } from '#app/platform';

export class QueueQueryDto {
  @ApiPropertyOptional({ enum: VERIFICATION_STATUSES, default: 'processing' })
  @IsOptional()
  @IsIn(VERIFICATION_STATUSES, { message: `status must be one of ${VERIFICATION_STATUSES.join(', ')}` })
  status?: VerificationStatus;
}

export class RejectDto {
  @ApiProperty({
    description: 'Shown to the applicant in the email; say what to correct',
    minLength: 5,
    maxLength: 500,
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'reason is required' })
  @MinLength(5, { message: 'reason must be at least 5 characters' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason!: string;
}

export class StaffRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: '"(deleted user)" when the account is gone' }) email!: string;
}

export class ReviewItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null when the account is gone' }) userEmail!:
    string | null;
  @ApiProperty() fullName!: string;
  @ApiProperty({ format: 'date', example: '1990-06-15' }) dateOfBirth!: string;
  @ApiProperty({ example: 'DE', description: 'ISO 3166-1 alpha-2' }) country!: string;
  @ApiProperty({ example: 'Germany' }) countryName!: string;
  @ApiProperty({ enum: VERIFICATION_STATUSES }) status!: VerificationStatus;
  @ApiProperty({ format: 'date-time' }) submittedAt!: string;
  @ApiProperty({
    type: () => StaffRefDto,
    nullable: true,
    description: 'Who holds the claim; null when unclaimed or the claim has lapsed',
  })
  claimedBy!: StaffRefDto | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) claimedAt!: string | null;
  @ApiProperty({ type: () => StaffRefDto, nullable: true }) decidedBy!: StaffRefDto | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decidedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectionReason!: string | null;
  @ApiProperty({
    type: () => ClaimViewDto,
    description:
      'What you may do with it: claim it, decide it, or neither (another reviewer holds it, or it is your own)',
  })
  claim!: ClaimViewDto;
}

export class ReviewQueueDto {
  @ApiProperty({ type: [ReviewItemDto] }) items!: ReviewItemDto[];
}

export class ReviewImagesDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Two-minute link to the photo of the applicant holding the ID; null unless you hold the claim',
  })
  userPhotoWithId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Two-minute link to the photo of the ID; null unless you hold the claim',
  })
  idPhoto!: string | null;
}

export class ReviewItemDetailDto extends ReviewItemDto {
  @ApiProperty({ type: () => ReviewImagesDto }) images!: ReviewImagesDto;
}
