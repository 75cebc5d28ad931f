import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export const CONSENT_TYPES = ['terms_of_service', 'privacy_policy', 'marketing_emails'] as const;

export class ConsentDataDto {
  @ApiProperty({ enum: CONSENT_TYPES, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsIn(CONSENT_TYPES, { each: true, message: `consentTypes must each be one of ${CONSENT_TYPES.join(', ')}` })
  consentTypes!: string[];

  @ApiProperty({ type: [String], example: ['1.0.0', '1.0.0'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsString({ each: true })
  @MaxLength(20, { each: true })
  consentVersions!: string[];

  @ApiPropertyOptional({ description: 'Sent empty by the client; the server records the address it sees' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ipAddress?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(512)
  userAgent?: string;
}

export class RecordConsentDto {
  @ApiProperty({ type: ConsentDataDto })
  @IsObject({ message: 'consentData must be an object' })
  @ValidateNested()
  @Type(() => ConsentDataDto)
  consentData!: ConsentDataDto;
}
