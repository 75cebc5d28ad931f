import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ANALYTICS_CATEGORIES, ANALYTICS_KINDS } from '../../entities/analytics-event.entity.js';

export class AnalyticsEventDto {
  @ApiProperty({ enum: ANALYTICS_KINDS })
  @IsIn(ANALYTICS_KINDS, { message: `kind must be one of ${ANALYTICS_KINDS.join(', ')}` })
  kind!: (typeof ANALYTICS_KINDS)[number];

  @ApiPropertyOptional({ enum: ANALYTICS_CATEGORIES, description: 'Required for kind event, absent for page_view' })
  @ValidateIf((event: AnalyticsEventDto) => event.kind === 'event')
  @IsIn(ANALYTICS_CATEGORIES, { message: `category must be one of ${ANALYTICS_CATEGORIES.join(', ')}` })
  category?: (typeof ANALYTICS_CATEGORIES)[number];

  @ApiPropertyOptional({ example: 'sign_in' })
  @ValidateIf((event: AnalyticsEventDto) => event.kind === 'event')
  @IsString()
  @MaxLength(64)
  action?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  label?: string;

  @ApiProperty({ example: '/faq', description: 'The page path, without query or fragment' })
  @IsString()
  @MaxLength(300)
  @Matches(/^\/[^?#\s]*$/, { message: 'path must be a path starting with / (no query or fragment)' })
  path!: string;
}

export class RecordEventsDto {
  @ApiProperty({ type: [AnalyticsEventDto] })
  @IsArray({ message: 'events must be an array' })
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => AnalyticsEventDto)
  events!: AnalyticsEventDto[];
}
