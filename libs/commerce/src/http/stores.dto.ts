import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CATEGORY_SLUGS } from '../domain/store-categories.js';
import { STORE_SORTS, type StoreSort } from '../domain/store-cursor.js';
import { SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from '../domain/store-slug.js';
import { SETTINGS_LIMITS } from '../domain/store-settings.js';

const SLUG_DOC = {
  minLength: SLUG_MIN_LENGTH,
  maxLength: SLUG_MAX_LENGTH,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  example: 'jane-fit',
  description: 'Lowercase letters, digits and single hyphens; not a reserved word. Trimmed and lower-cased first.',
};

export class OpenStoreDto {
  @ApiProperty(SLUG_DOC)
  @IsString({ message: 'Choose a store address (slug)' })
  slug!: string;

  @ApiProperty({
    minLength: SETTINGS_LIMITS.displayName.min,
    maxLength: SETTINGS_LIMITS.displayName.max,
    example: 'Jane Fit',
  })
  @IsString({ message: 'Enter a store name (displayName)' })
  displayName!: string;

  @ApiPropertyOptional({
    type: [String],
    enum: CATEGORY_SLUGS,
    maxItems: SETTINGS_LIMITS.categories.max,
    description: '1 to 5 category slugs; can be set later',
  })
  @IsOptional()
  @IsArray({ message: 'categories must be a list of category slugs' })
  @IsString({ each: true, message: 'categories must be a list of category slugs' })
  categories?: string[];
}

export class SlugQueryDto {
  @ApiProperty(SLUG_DOC)
  @IsString({ message: 'slug is required' })
  slug!: string;
}

/** `?category=&q=` from a form with empty fields means no filter. */
const EmptyAsAbsent = () =>
  Transform(({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) =>
    obj[key] === '' ? undefined : value,
  );

export class ListStoresQueryDto {
  @ApiPropertyOptional({
    enum: CATEGORY_SLUGS,
    description: 'Stores in this category; an adult category needs a signed-in caller',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(CATEGORY_SLUGS, { message: 'category is not one of the categories (GET /api/categories)' })
  category?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'Words in the name, tagline or address' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q has at most 100 characters' })
  q?: string;

  @ApiPropertyOptional({ enum: STORE_SORTS, default: 'newest' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(STORE_SORTS, { message: `sort is one of ${STORE_SORTS.join(', ')}` })
  sort?: StoreSort;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page (same sort)' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;

  @ApiPropertyOptional({ default: 24, minimum: 1, maximum: 100 })
  @EmptyAsAbsent()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit is a whole number from 1 to 100' })
  @Min(1, { message: 'limit is a whole number from 1 to 100' })
  @Max(100, { message: 'limit is a whole number from 1 to 100' })
  limit?: number;
}

export class CollaborationRequestDto {
  @ApiPropertyOptional({ maxLength: 1000, description: 'A note to the creator' })
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'message must be at most 1000 characters' })
  message?: string;
}

export class CollaborationRequestReceiptDto {
  @ApiProperty() id!: string;
}
