import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  ValidateIf,
} from 'class-validator';
import { Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  POST_AUDIENCES,
  POST_MEDIA_MAX,
  POST_PRICE_MAX_MINOR,
  POST_TEXT_MAX,
  type PostAudience,
} from '../domain/post.js';

const EmptyAsAbsent = () =>
  Transform(({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) =>
    obj[key] === '' ? undefined : value,
  );
const LIMIT = 'limit is a whole number from 1 to 50';

export class PageQueryDto {
  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @EmptyAsAbsent()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT })
  @Min(1, { message: LIMIT })
  @Max(50, { message: LIMIT })
  limit?: number;
}

export class CreatePostMediaDto {
  @ApiProperty({ enum: ['video', 'album'] })
  @IsIn(['video', 'album'], { message: "kind must be 'video' or 'album'" })
  kind!: 'video' | 'album';
}

export class PostMediaReceiptDto {
  @ApiProperty({ format: 'uuid', description: 'Upload its files over tus with this contentId, then submit it' })
  contentId!: string;
}

const PRICE = `priceMinor is a whole number of cents up to ${POST_PRICE_MAX_MINOR}, or null`;

export class EditPostDto {
  @ApiPropertyOptional({ maxLength: POST_TEXT_MAX })
  @IsOptional()
  @IsString({ message: 'text must be text' })
  @MaxLength(POST_TEXT_MAX, { message: `A post has at most ${POST_TEXT_MAX} characters` })
  text?: string;

  @ApiPropertyOptional({ enum: POST_AUDIENCES })
  @IsOptional()
  @IsIn(POST_AUDIENCES, { message: "audience is 'free', 'subscribers' or 'paid'" })
  audience?: PostAudience;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: "The unlock price in the store's currency (paid only)",
  })
  @ValidateIf((body: EditPostDto) => body.priceMinor !== undefined && body.priceMinor !== null)
  @IsInt({ message: PRICE })
  @Min(1, { message: PRICE })
  @Max(POST_PRICE_MAX_MINOR, { message: PRICE })
  priceMinor?: number | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'Items made for posts (POST /api/posts/media), submitted, in order',
  })
  @IsOptional()
  @IsArray({ message: 'mediaIds is a list of item ids' })
  @ArrayMaxSize(POST_MEDIA_MAX, { message: `A post carries at most ${POST_MEDIA_MAX} items` })
  @IsUUID('all', { each: true, message: 'mediaIds is a list of item ids' })
  mediaIds?: string[];

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'commentsEnabled is true or false' })
  commentsEnabled?: boolean;
}

export class CreatePostDto extends EditPostDto {
  @ApiProperty({ enum: POST_AUDIENCES })
  @IsIn(POST_AUDIENCES, { message: "audience is 'free', 'subscribers' or 'paid'" })
  declare audience: PostAudience;
}

export class CommentDto {
  @ApiProperty({ minLength: 1, maxLength: 1000 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Write a comment' })
  @MinLength(1, { message: 'Write a comment' })
  @MaxLength(1000, { message: 'A comment has at most 1000 characters' })
  text!: string;
}

class PostFileDto {
  @ApiProperty() mediaId!: string;
  @ApiProperty({ enum: ['image', 'video'] }) type!: 'image' | 'video';
  @ApiProperty({ type: String, nullable: true }) thumbnailUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) previewUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Only where the post opens for you' }) fileUrl!:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The blurred teaser' }) blurredUrl!: string | null;
}

class PostMediaDto {
  @ApiProperty() contentId!: string;
  @ApiProperty({ enum: ['video', 'album'] }) kind!: 'video' | 'album';
  @ApiProperty({ enum: ['draft', 'pending_review', 'approved', 'rejected', 'removed'] }) status!: string;
  @ApiProperty({ type: () => [PostFileDto] }) files!: PostFileDto[];
}

export class PostDto {
  @ApiProperty() id!: string;
  @ApiProperty() storeSlug!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty() creatorId!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ enum: POST_AUDIENCES }) audience!: PostAudience;
  @ApiProperty({ type: Number, nullable: true }) priceMinor!: number | null;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['in_review', 'published', 'rejected'] }) status!: string;
  @ApiProperty() pinned!: boolean;
  @ApiProperty() commentsEnabled!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) publishedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) editedAt!: string | null;
  @ApiProperty({ enum: ['open', 'subscribe', 'unlock'], description: 'What would open the post for you' })
  access!: string;
  @ApiProperty({ type: () => [PostMediaDto] }) media!: PostMediaDto[];
  @ApiProperty() likes!: number;
  @ApiProperty() likedByMe!: boolean;
  @ApiProperty() comments!: number;
}

export class PostPageDto {
  @ApiProperty({ type: () => [PostDto] }) posts!: PostDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor!: string | null;
}

export class FeedPageDto extends PostPageDto {
  @ApiProperty({
    type: [String],
    description:
      'The creators whose topic posts:<id> on /realtime/v1 announces their new posts (post.published), most recently followed first, at most 100',
  })
  creatorIds!: string[];
}

export class CommentViewDto {
  @ApiProperty() id!: string;
  @ApiProperty() postId!: string;
  @ApiProperty() authorId!: string;
  @ApiProperty() authorName!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty() hidden!: boolean;
  @ApiProperty() mine!: boolean;
  @ApiProperty() canModerate!: boolean;
}

export class CommentPageDto {
  @ApiProperty({ type: () => [CommentViewDto] }) comments!: CommentViewDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor!: string | null;
}

export class LikesDto {
  @ApiProperty() likes!: number;
  @ApiProperty() likedByMe!: boolean;
}
