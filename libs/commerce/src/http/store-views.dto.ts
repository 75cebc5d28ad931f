import { ContentViewDto } from '#app/content-moderation';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { STORE_CATEGORIES } from '../domain/store-categories.js';
import {
  REFERRAL_COMMISSION_PERCENT,
  STORE_CURRENCIES,
  STORE_LAYOUTS,
  STORE_VISIBILITIES,
  type StoreCurrency,
  type StoreLayout,
  type StoreVisibility,
} from '../domain/store-settings.js';
import { STORE_STATUSES, type StoreStatus } from '../entities/store.entity.js';
import { SubscriptionDto } from './fan-features.dto.js';

const CATEGORY_DOC: ApiPropertyOptions = {
  type: [String],
  example: ['fitness', 'lifestyle'],
  description: `Category slugs: ${STORE_CATEGORIES.map((c) => c.slug).join(', ')}`,
};

export class StoreAppearanceDto {
  @ApiProperty() displayName!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ example: '#a5529f' }) accentColor!: string;
  @ApiProperty({ enum: STORE_LAYOUTS }) layout!: StoreLayout;
}

export class StoreContentDto {
  @ApiProperty({ description: 'Minor units of currency' }) defaultVideoPriceMinor!: number;
  @ApiProperty({ description: 'Minor units of currency' }) defaultAlbumPriceMinor!: number;
  @ApiProperty({ enum: STORE_CURRENCIES }) currency!: StoreCurrency;
  @ApiProperty() allowDownloads!: boolean;
}

export class StoreAccessDto {
  @ApiProperty({ enum: STORE_VISIBILITIES }) visibility!: StoreVisibility;
  @ApiProperty() subscriptionEnabled!: boolean;
  @ApiProperty({ description: 'Monthly, minor units of currency' }) subscriptionPriceMinor!: number;
  @ApiProperty({ description: 'Fans see how many subscribe' }) showSubscriberCount!: boolean;
}

export class StoreTipsDto {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ description: 'Minor units of currency' }) minimumTipMinor!: number;
}

export class StoreReferralsDto {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({
    enum: [REFERRAL_COMMISSION_PERCENT],
    description: "The platform's fixed commission for referrers, paid from its share",
  })
  commissionPercent!: number;
}

export class StoreCollaborationDto {
  @ApiProperty() acceptRequests!: boolean;
}

export class StoreNotificationsDto {
  @ApiProperty({ description: 'Email me about sales, tips, subscribers and chargebacks' }) emailSales!: boolean;
}

export class StoreNsfwDto {
  @ApiProperty({ description: 'Adult content (18+): hidden from anonymous visitors' }) isNsfw!: boolean;
  @ApiProperty(CATEGORY_DOC) categories!: string[];
}

export class StoreCountsDto {
  @ApiProperty({ description: 'Published videos' }) videos!: number;
  @ApiProperty({ description: 'Published albums' }) albums!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Live subscriptions; null unless the creator shows the count',
  })
  subscribers!: number | null;
}

export class StoreImagesDto {
  @ApiProperty({ type: String, nullable: true, example: '/api/stores/jane-fit/images/1b2c-banner-9f.webp' })
  bannerUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) avatarUrl!: string | null;
}

/** The owner's store with every settings section. */
export class StoreDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'jane-fit' }) slug!: string;
  @ApiProperty({ enum: STORE_STATUSES }) status!: StoreStatus;
  @ApiProperty({ type: () => StoreAppearanceDto }) appearance!: StoreAppearanceDto;
  @ApiProperty({ type: () => StoreContentDto }) content!: StoreContentDto;
  @ApiProperty({ type: () => StoreAccessDto }) access!: StoreAccessDto;
  @ApiProperty({ type: () => StoreTipsDto }) tips!: StoreTipsDto;
  @ApiProperty({ type: () => StoreReferralsDto }) referrals!: StoreReferralsDto;
  @ApiProperty({ type: () => StoreCollaborationDto }) collaboration!: StoreCollaborationDto;
  @ApiProperty({ type: () => StoreNotificationsDto }) notifications!: StoreNotificationsDto;
  @ApiProperty({ type: () => StoreNsfwDto }) nsfw!: StoreNsfwDto;
  @ApiProperty({ type: () => StoreImagesDto }) images!: StoreImagesDto;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PublicSubscriptionDto {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Monthly, minor units; null when subscriptions are off' })
  priceMinor!: number | null;
}

export class PublicTipsDto {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Minor units; null when tips are off' }) minimumTipMinor!:
    number | null;
}

/** A store's public profile. */
export class PublicStoreDto {
  @ApiProperty({ example: 'jane-fit' }) slug!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ example: '#a5529f' }) accentColor!: string;
  @ApiProperty({ enum: STORE_LAYOUTS }) layout!: StoreLayout;
  @ApiProperty() isNsfw!: boolean;
  @ApiProperty(CATEGORY_DOC) categories!: string[];
  @ApiProperty({ enum: STORE_CURRENCIES }) currency!: StoreCurrency;
  @ApiProperty() allowDownloads!: boolean;
  @ApiProperty({ enum: STORE_VISIBILITIES }) visibility!: StoreVisibility;
  @ApiProperty({ type: () => PublicSubscriptionDto }) subscription!: PublicSubscriptionDto;
  @ApiProperty({ type: () => PublicTipsDto }) tips!: PublicTipsDto;
  @ApiProperty({ type: () => StoreReferralsDto }) referrals!: StoreReferralsDto;
  @ApiProperty() acceptsCollaborationRequests!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Wide banner image (1600 × 400); null when the creator has none',
  })
  bannerUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Square avatar (400 × 400); null when the creator has none',
  })
  avatarUrl!: string | null;
  @ApiProperty({ type: () => StoreCountsDto }) counts!: StoreCountsDto;
  @ApiProperty({ description: 'You are the creator of this store (false when not signed in)' }) isOwner!: boolean;
  @ApiProperty({
    type: () => SubscriptionDto,
    nullable: true,
    description:
      'Your subscription in a paid period: renews on currentPeriodEnd when autoRenew, else ends then (null otherwise)',
  })
  mySubscription!: SubscriptionDto | null;
  @ApiProperty({ description: 'In your favourites (false when not signed in)' }) isFavorite!: boolean;
  @ApiProperty({
    description:
      'You subscribe to this store, in a paid period (false when not signed in). A subscribers_only store sells and opens its items only to subscribers',
  })
  isSubscribed!: boolean;
}

/** An item on a store page, with what a signed-in fan may open. */
export class StoreItemDto extends ContentViewDto {
  @ApiProperty({ description: 'You bought it, or subscribe to the store: open it instead of buying' }) owned!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Open it with GET /api/purchases/{purchaseId}/content (plus contentId for a subscription)',
  })
  purchaseId!: string | null;
  @ApiProperty({ description: 'Not yours to open: its files carry the blurred preview only (no thumbnail, no teaser)' })
  locked!: boolean;
}

export class StoreItemListDto {
  @ApiProperty({ type: () => [StoreItemDto] }) items!: StoreItemDto[];
}

export class StoreSummaryDto {
  @ApiProperty({ example: 'jane-fit' }) slug!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty({ example: '#a5529f' }) accentColor!: string;
  @ApiProperty() isNsfw!: boolean;
  @ApiProperty(CATEGORY_DOC) categories!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class StorePageDto {
  @ApiProperty({ type: [StoreSummaryDto] }) items!: StoreSummaryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last page',
  })
  nextCursor!: string | null;
  @ApiProperty({
    description: 'Signed out: adult stores that match but are listed to accounts only (0 when signed in)',
  })
  adultStoresHidden!: number;
}

export class SlugAvailabilityDto {
  @ApiProperty({ example: 'jane-fit', description: 'The address as it would be stored (trimmed, lower-cased)' })
  slug!: string;
  @ApiProperty() available!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why the address cannot be used; null when available' })
  reason!: string | null;
}

export class CategoryDto {
  @ApiProperty({ example: 'fitness' }) slug!: string;
  @ApiProperty({ example: 'Fitness' }) name!: string;
  @ApiProperty({ description: 'Adult category: its stores need a signed-in visitor' }) nsfw!: boolean;
  @ApiProperty({ description: 'Active stores in the category, adult ones included' }) storeCount!: number;
  @ApiProperty({ description: 'Of those, adult (NSFW) stores: listed to accounts only' }) adultStoreCount!: number;
}

export class CategoriesDto {
  @ApiProperty({ type: [CategoryDto] }) items!: CategoryDto[];
}
