import { ApiProperty } from '@nestjs/swagger';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../entities/verification-submission.entity.js';

export class VerificationStatusDto {
  @ApiProperty({ enum: VERIFICATION_STATUSES, nullable: true, description: 'null until the first submission' })
  status!: VerificationStatus | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) verifiedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectionReason!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) submittedAt!: string | null;
}

export class CountryDto {
  @ApiProperty({ example: 'DE' }) code!: string;
  @ApiProperty({ example: 'Germany' }) name!: string;
}

export class CountriesDto {
  @ApiProperty({ type: [CountryDto] }) countries!: CountryDto[];
}

export class PlatformConfigDto {
  @ApiProperty({ enum: ['prelaunch', 'live'] }) launchPhase!: 'prelaunch' | 'live';
  @ApiProperty({
    enum: ['sandbox'],
    description: 'Who takes payments; the checkout lists the test cards only for the sandbox',
  })
  paymentProvider!: 'sandbox';
}

export class SubmissionReceiptDto {
  @ApiProperty({ enum: ['processing'], description: 'A new submission waits for a moderator' }) status!: 'processing';
  @ApiProperty({ format: 'date-time' }) submittedAt!: string;
}
