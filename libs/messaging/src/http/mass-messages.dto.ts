import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { AUDIENCE_SEGMENTS, type AudienceSegment } from '#app/commerce';
import { ATTACHMENT_STATES, type AttachmentState } from '../domain/attachments.js';
import { MAX_ATTACHMENTS } from '../domain/message-text.js';

const EmptyAsAbsent = () =>
  Transform(({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) =>
    obj[key] === '' ? undefined : value,
  );
const segmentMessage = `segment must be one of ${AUDIENCE_SEGMENTS.join(', ')}`;
const priceMessage = 'priceMinor is a whole number of minor units from 50 to 100000';

export class SendMassMessageDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Made by the client, unique per mass message: sending it again answers the stored one',
  })
  @IsString({ message: 'clientId is required' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'clientId is 1 to 64 letters, digits, - or _' })
  clientId!: string;

  @ApiProperty({
    enum: AUDIENCE_SEGMENTS,
    description:
      'Who receives it: live subscribers, lapsed subscribers, buyers of an item (contentId), or fans who favourited your store',
  })
  @IsIn(AUDIENCE_SEGMENTS, { message: segmentMessage })
  segment!: AudienceSegment;

  @ApiPropertyOptional({ format: 'uuid', description: "With 'buyers': the item they bought (one of yours)" })
  @IsOptional()
  @IsUUID('all', { message: 'contentId must be a content id' })
  contentId?: string;

  @ApiPropertyOptional({ maxLength: 2000, description: 'Trimmed; required unless media are attached' })
  @IsOptional()
  @IsString({ message: 'text must be text' })
  @MaxLength(4000, { message: 'A message has at most 2000 characters' })
  text?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: MAX_ATTACHMENTS,
    description: 'Content ids of approved store items or of uploads made for messages (verified creators)',
  })
  @IsOptional()
  @IsArray({ message: 'attachments is a list of content ids' })
  @ArrayMaxSize(MAX_ATTACHMENTS, { message: `At most ${MAX_ATTACHMENTS} attachments` })
  @IsUUID('all', { each: true, message: 'attachments are content ids' })
  attachments?: string[];

  @ApiPropertyOptional({
    minimum: 50,
    maximum: 100000,
    description: "Pay-per-view: the price of each copy in minor units of your store's currency (needs media)",
  })
  @IsOptional()
  @IsInt({ message: priceMessage })
  @Min(50, { message: priceMessage })
  @Max(100000, { message: priceMessage })
  priceMinor?: number;
}

export class MassMessageListQueryDto {
  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @EmptyAsAbsent()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit is a whole number from 1 to 100' })
  @Min(1, { message: 'limit is a whole number from 1 to 100' })
  @Max(100, { message: 'limit is a whole number from 1 to 100' })
  limit?: number;
}

export class MassAudienceQueryDto {
  @ApiProperty({ enum: AUDIENCE_SEGMENTS })
  @IsIn(AUDIENCE_SEGMENTS, { message: segmentMessage })
  segment!: AudienceSegment;

  @ApiPropertyOptional({ format: 'uuid', description: "With 'buyers': the item they bought" })
  @EmptyAsAbsent()
  @IsOptional()
  @IsUUID('all', { message: 'contentId must be a content id' })
  contentId?: string;
}

class MassAttachmentDto {
  @ApiProperty({ format: 'uuid' }) contentId!: string;
  @ApiProperty({ enum: ['video', 'album'] }) kind!: 'video' | 'album';
  @ApiProperty({ enum: ATTACHMENT_STATES }) state!: AttachmentState;
}

class MassPriceDto {
  @ApiProperty() amountMinor!: number;
  @ApiProperty() currency!: string;
}

export class MassMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: AUDIENCE_SEGMENTS }) segment!: AudienceSegment;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) contentId!: string | null;
  @ApiProperty() text!: string;
  @ApiProperty({ type: () => [MassAttachmentDto] }) attachments!: MassAttachmentDto[];
  @ApiProperty({ type: () => MassPriceDto, nullable: true }) price!: MassPriceDto | null;
  @ApiProperty({ enum: ['queued', 'sending', 'sent', 'withdrawn'] }) status!:
    'queued' | 'sending' | 'sent' | 'withdrawn';
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Fans in the segment when delivery started (null while queued)',
  })
  recipients!: number | null;
  @ApiProperty({ description: "Copies stored in the fans' conversations (a blocked conversation gets none)" })
  delivered!: number;
  @ApiProperty({ description: 'Copies bought' }) unlocks!: number;
  @ApiProperty({ description: 'What the copies sold, in minor units of currency' }) revenueMinor!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) sentAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) withdrawnAt!: string | null;
}

export class MassMessageListDto {
  @ApiProperty({ type: () => [MassMessageDto], description: 'Newest first' }) items!: MassMessageDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor!: string | null;
}

export class MassAudienceDto {
  @ApiProperty({ description: 'Fans the segment reaches now' }) recipients!: number;
}

export class UnsendDto {
  @ApiProperty({ description: 'Copies taken back' }) withdrawnFrom!: number;
  @ApiProperty({ description: 'Buyers who keep theirs' }) keptBy!: number;
}
