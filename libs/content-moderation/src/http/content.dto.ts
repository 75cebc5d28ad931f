import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { ClaimViewDto } from '#app/platform';
import {
  CONTENT_KINDS,
  CONTENT_PURPOSES,
  TEASERS,
  type ContentKind,
  type ContentPurpose,
  type ContentStatus,
  type Teaser,
} from '../entities/content-item.entity.js';
import { MAX_ALBUM_FILES } from '../uploads/uploads.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const CONTENT_STATUSES = ['draft', 'pending_review', 'approved', 'rejected', 'removed'] as const;

/** Optional on a change, but never null: null would reach a NOT NULL column (IsOptional lets null through). */
const Present = () => ValidateIf((_object, value) => value !== undefined);

export class ContentFieldsDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 120 })
  @Present()
  @Transform(trim)
  @MaxLength(120, { message: 'title must be at most 120 characters' })
  @MinLength(2, { message: 'title must be at least 2 characters' })
  @IsString({ message: 'title must be text' })
  title?: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Present()
  @Transform(trim)
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @ApiPropertyOptional({ description: 'Price in minor units (cents), 0 to 100000' })
  @Present()
  @Type(() => Number)
  @Max(100000, { message: 'priceMinor must be at most 100000 (1,000.00)' })
  @Min(0, { message: 'priceMinor must be 0 or more' })
  @IsInt({ message: 'priceMinor must be a whole number of cents' })
  priceMinor?: number;

  @ApiPropertyOptional({ enum: CURRENCIES })
  @Present()
  @IsIn(CURRENCIES, { message: `currency must be one of ${CURRENCIES.join(', ')}` })
  currency?: (typeof CURRENCIES)[number];

  @ApiPropertyOptional({
    type: [String],
    description: 'User ids of the collaborators featured in the item (each must be cleared at review)',
  })
  @Present()
  @ArrayMaxSize(20)
  @IsUUID('all', { each: true, message: 'collaboratorIds must be user ids' })
  @IsArray({ message: 'collaboratorIds must be a list' })
  collaboratorIds?: string[];
}

/** Not derived from ContentFieldsDto: class-validator would carry its "may be absent" rule onto the required fields. */
export class CreateContentDto {
  @ApiProperty({ enum: CONTENT_KINDS })
  @IsIn(CONTENT_KINDS, { message: 'kind must be video or album' })
  kind!: ContentKind;

  @ApiProperty({ minLength: 2, maxLength: 120 })
  @Transform(trim)
  @MaxLength(120, { message: 'title must be at most 120 characters' })
  @MinLength(2, { message: 'title must be at least 2 characters' })
  @IsString({ message: 'title is required' })
  title!: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Present()
  @Transform(trim)
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  @IsString({ message: 'description must be text' })
  description?: string;

  @ApiProperty({ description: 'Price in minor units (cents)' })
  @Type(() => Number)
  @Max(100000, { message: 'priceMinor must be at most 100000 (1,000.00)' })
  @Min(0, { message: 'priceMinor must be 0 or more' })
  @IsInt({ message: 'priceMinor must be a whole number of cents' })
  priceMinor!: number;

  @ApiProperty({ enum: CURRENCIES })
  @IsIn(CURRENCIES, { message: `currency must be one of ${CURRENCIES.join(', ')}` })
  currency!: (typeof CURRENCIES)[number];
}

export class MediaOrderDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Every file of the item, each once, first to last' })
  @ArrayMaxSize(MAX_ALBUM_FILES, { message: `mediaIds may list at most ${MAX_ALBUM_FILES} files` })
  @ArrayMinSize(1, { message: 'mediaIds must list the files of the item' })
  @IsUUID('all', { each: true, message: 'mediaIds must be file ids' })
  @IsArray({ message: 'mediaIds must be a list' })
  mediaIds!: string[];
}

export class CoverDto {
  @ApiProperty({ format: 'uuid', description: "One of the album's processed photos" })
  @IsUUID('all', { message: 'mediaId must be a file id' })
  mediaId!: string;
}

export class TeaserDto {
  @ApiProperty({ enum: TEASERS })
  @IsIn(TEASERS, { message: 'teaser must be blurred or preview' })
  teaser!: Teaser;
}

export class ReasonDto {
  @ApiProperty({ minLength: 5, maxLength: 1000 })
  @Transform(trim)
  @MaxLength(1000)
  @MinLength(5, { message: 'reason must be at least 5 characters' })
  @IsString({ message: 'reason is required' })
  reason!: string;
}

export class ContentQueueQueryDto {
  @ApiPropertyOptional({ enum: CONTENT_STATUSES, default: 'pending_review' })
  @IsOptional()
  @IsIn(CONTENT_STATUSES.filter((status) => status !== 'draft'), {
    message: 'status must be one of pending_review, approved, rejected, removed',
  })
  status?: Exclude<ContentStatus, 'draft'>;
}

export class MediaViewDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['video', 'image'] }) mediaType!: 'video' | 'image';
  @ApiProperty() format!: string;
  @ApiProperty() originalName!: string;
  @ApiProperty() sizeBytes!: number;
  @ApiProperty({ enum: ['uploaded', 'ready', 'failed'] }) status!: 'uploaded' | 'ready' | 'failed';
  @ApiProperty({ type: Number, nullable: true }) width!: number | null;
  @ApiProperty({ type: Number, nullable: true }) height!: number | null;
  @ApiProperty({ type: Number, nullable: true }) durationSeconds!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "1, 2, 3… over the item's processed files in the creator's order (the numbers moderators cite); null while processing or failed",
  })
  number!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Signed for ten minutes; on store pages only for buyers, subscribers and the creator',
  })
  thumbnailUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Public: the thumbnail shrunk, blurred and re-encoded on the server (served once the item is approved)',
  })
  blurredUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Videos: a ten-second silent teaser, signed for ten minutes (public once approved)',
  })
  previewUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Signed for ten minutes; never in public views' })
  fileUrl!: string | null;
}

/** What anyone may see of an approved item (store pages): no user ids, no review trail. */
export class ContentViewDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: CONTENT_KINDS }) kind!: ContentKind;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() priceMinor!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: CONTENT_STATUSES }) status!: ContentStatus;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decidedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The photo an album's card shows (chosen, else the first); null for a video",
  })
  coverMediaId!: string | null;
  @ApiProperty({
    enum: TEASERS,
    description: 'What the store shows before purchase: a blurred card, or a free preview',
  })
  teaser!: Teaser;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "With teaser 'preview': the free preview (an album's cover photo, a video's ten-second clip), signed for ten minutes; else null",
  })
  teaserUrl!: string | null;
  @ApiProperty({ type: () => [MediaViewDto], description: "In the creator's order" }) media!: MediaViewDto[];
}

/** An item as its creator and staff see it: with the creator, collaborators and the review trail. */
export class ManagedContentViewDto extends ContentViewDto {
  @ApiProperty() creatorId!: string;
  @ApiProperty({
    enum: CONTENT_PURPOSES,
    description:
      "'message': made for a message and shown only there; 'post': made for posts and shown only in them; neither is in the store",
  })
  purpose!: ContentPurpose;
  @ApiProperty({ type: String, nullable: true }) rejectionReason!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) submittedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) claimedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) claimedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) decidedBy!: string | null;
  @ApiProperty({ type: [String] }) collaboratorIds!: string[];
}

/** An item in the review console: with what the staff member asking may do with it. */
export class StaffContentViewDto extends ManagedContentViewDto {
  @ApiProperty({
    type: () => ClaimViewDto,
    description:
      'What you may do with it: claim it, decide it, or neither (another reviewer holds it, or it is your own or features you)',
  })
  claim!: ClaimViewDto;
}

export class StaffContentListDto {
  @ApiProperty({ type: () => [StaffContentViewDto] }) items!: StaffContentViewDto[];
}

export class ContentListDto {
  @ApiProperty({ type: () => [ManagedContentViewDto] }) items!: ManagedContentViewDto[];
}
