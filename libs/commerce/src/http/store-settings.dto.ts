import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateIf, ValidateNested } from 'class-validator';
import { CATEGORY_SLUGS } from '../domain/store-categories.js';
import {
  SETTINGS_LIMITS as LIMITS,
  STORE_CURRENCIES,
  STORE_LAYOUTS,
  STORE_VISIBILITIES,
  type StoreCurrency,
  type StoreLayout,
  type StoreVisibility,
} from '../domain/store-settings.js';

// The body of PATCH /api/stores/mine. These classes check types only; the limits they document
// are checked, with the rules between fields, by applySettingsPatch (one place, unit-tested).

/** A field that may be left out but, when sent, not as null. */
const Settable = () => ValidateIf((_object, value) => value !== undefined);
const wholeMinor = (field: string) => ({ message: `${field} is a whole number of minor units (cents)` });
const flag = (field: string) => ({ message: `${field} must be true or false` });

export class AppearancePatchDto {
  @ApiPropertyOptional({ minLength: LIMITS.displayName.min, maxLength: LIMITS.displayName.max, example: 'Jane Fit' })
  @Settable()
  @IsString({ message: 'displayName must be text' })
  displayName?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LIMITS.taglineMax,
    description: 'null or empty removes it',
  })
  @IsOptional()
  @IsString({ message: 'tagline must be text' })
  tagline?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LIMITS.descriptionMax,
    description: 'null or empty removes it',
  })
  @IsOptional()
  @IsString({ message: 'description must be text' })
  description?: string | null;

  @ApiPropertyOptional({ pattern: '^#[0-9a-fA-F]{6}$', example: '#a5529f' })
  @Settable()
  @IsString({ message: 'accentColor must be a hex colour such as #a5529f' })
  accentColor?: string;

  @ApiPropertyOptional({ enum: STORE_LAYOUTS })
  @Settable()
  @IsIn(STORE_LAYOUTS, { message: `layout is one of ${STORE_LAYOUTS.join(', ')}` })
  layout?: StoreLayout;
}

export class ContentPatchDto {
  @ApiPropertyOptional({
    minimum: LIMITS.price.min,
    maximum: LIMITS.price.max,
    example: 999,
    description: 'Minor units of the store currency',
  })
  @Settable()
  @IsInt(wholeMinor('defaultVideoPriceMinor'))
  defaultVideoPriceMinor?: number;

  @ApiPropertyOptional({
    minimum: LIMITS.price.min,
    maximum: LIMITS.price.max,
    example: 1499,
    description: 'Minor units of the store currency',
  })
  @Settable()
  @IsInt(wholeMinor('defaultAlbumPriceMinor'))
  defaultAlbumPriceMinor?: number;

  @ApiPropertyOptional({ enum: STORE_CURRENCIES })
  @Settable()
  @IsIn(STORE_CURRENCIES, { message: `currency is one of ${STORE_CURRENCIES.join(', ')}` })
  currency?: StoreCurrency;

  @ApiPropertyOptional({ description: 'Buyers may download purchased videos and albums' })
  @Settable()
  @IsBoolean(flag('allowDownloads'))
  allowDownloads?: boolean;
}

export class AccessPatchDto {
  @ApiPropertyOptional({ enum: STORE_VISIBILITIES, description: 'subscribers_only needs subscriptionEnabled' })
  @Settable()
  @IsIn(STORE_VISIBILITIES, { message: `visibility is one of ${STORE_VISIBILITIES.join(', ')}` })
  visibility?: StoreVisibility;

  @ApiPropertyOptional()
  @Settable()
  @IsBoolean(flag('subscriptionEnabled'))
  subscriptionEnabled?: boolean;

  @ApiPropertyOptional({
    minimum: LIMITS.subscriptionPrice.min,
    maximum: LIMITS.subscriptionPrice.max,
    description: 'Monthly, minor units',
  })
  @Settable()
  @IsInt(wholeMinor('subscriptionPriceMinor'))
  subscriptionPriceMinor?: number;

  @ApiPropertyOptional({ description: 'Show fans how many subscribe' })
  @Settable()
  @IsBoolean(flag('showSubscriberCount'))
  showSubscriberCount?: boolean;
}

export class TipsPatchDto {
  @ApiPropertyOptional()
  @Settable()
  @IsBoolean(flag('enabled'))
  enabled?: boolean;

  @ApiPropertyOptional({ minimum: LIMITS.minimumTip.min, maximum: LIMITS.minimumTip.max, description: 'Minor units' })
  @Settable()
  @IsInt(wholeMinor('minimumTipMinor'))
  minimumTipMinor?: number;
}

export class ReferralsPatchDto {
  @ApiPropertyOptional({
    description: "Fans may refer this store's content; the commission is the platform's fixed 5%",
  })
  @Settable()
  @IsBoolean(flag('enabled'))
  enabled?: boolean;
}

export class CollaborationPatchDto {
  @ApiPropertyOptional({ description: 'Other creators may send collaboration requests' })
  @Settable()
  @IsBoolean(flag('acceptRequests'))
  acceptRequests?: boolean;
}

export class NotificationsPatchDto {
  @ApiPropertyOptional({
    description: 'Email me about sales, tips, subscribers and chargebacks (the Activity list shows them either way)',
  })
  @Settable()
  @IsBoolean(flag('emailSales'))
  emailSales?: boolean;
}

export class NsfwPatchDto {
  @ApiPropertyOptional({ description: 'Adult content (18+); an adult category turns it on' })
  @Settable()
  @IsBoolean(flag('isNsfw'))
  isNsfw?: boolean;

  @ApiPropertyOptional({
    type: [String],
    enum: CATEGORY_SLUGS,
    minItems: LIMITS.categories.min,
    maxItems: LIMITS.categories.max,
  })
  @Settable()
  @IsArray({ message: 'categories must be a list of category slugs' })
  @IsString({ each: true, message: 'categories must be a list of category slugs' })
  categories?: string[];
}

/** An optional settings section: an object, validated field by field. */
const Section = (section: () => new () => object) =>
  // Swagger recognises a lazy type by the name an arrow gets from a `type:` key.
  applyDecorators(
    ApiPropertyOptional({ type: () => section() }),
    IsOptional(),
    ValidateNested({ message: 'Each settings section is an object' }),
    Type(section),
  );

export class UpdateStoreSettingsDto {
  @Section(() => AppearancePatchDto) appearance?: AppearancePatchDto;
  @Section(() => ContentPatchDto) content?: ContentPatchDto;
  @Section(() => AccessPatchDto) access?: AccessPatchDto;
  @Section(() => TipsPatchDto) tips?: TipsPatchDto;
  @Section(() => ReferralsPatchDto) referrals?: ReferralsPatchDto;
  @Section(() => CollaborationPatchDto) collaboration?: CollaborationPatchDto;
  @Section(() => NotificationsPatchDto) notifications?: NotificationsPatchDto;
  @Section(() => NsfwPatchDto) nsfw?: NsfwPatchDto;
}
