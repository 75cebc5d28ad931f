import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../queries/subscriptions/subscription-view.js';

export class SubscriptionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() storeSlug!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status!: SubscriptionStatus;
  @ApiProperty() autoRenew!: boolean;
  @ApiProperty({ format: 'date-time', description: 'Access lasts until then' }) currentPeriodEnd!: string;
  @ApiProperty({ description: 'Monthly, minor units' }) priceMinor!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ format: 'date-time' }) startedAt!: string;
}

export class SubscriptionListDto {
  @ApiProperty({ type: [SubscriptionDto] }) items!: SubscriptionDto[];
}

export class FavoriteDto {
  @ApiProperty() storeSlug!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty() accentColor!: string;
  @ApiProperty() isNsfw!: boolean;
  @ApiProperty({ format: 'date-time' }) favoritedAt!: string;
}

export class FavoriteListDto {
  @ApiProperty({ type: [FavoriteDto] }) items!: FavoriteDto[];
}

export class CreateReferralLinkDto {
  @ApiProperty({ format: 'uuid', description: 'A published album of a store with referrals on' })
  @IsUUID('all', { message: 'contentId must be an album id' })
  contentId!: string;
}

export class ReferralLinkDto {
  @ApiProperty() code!: string;
  @ApiProperty({ example: 'https://fanmint.example/stores/jane-fit?ref=Ab3dE5gH7k' }) url!: string;
  @ApiProperty({ format: 'uuid' }) contentId!: string;
  @ApiProperty() contentTitle!: string;
  @ApiProperty() storeSlug!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'Paid purchases through the link' }) purchases!: number;
  @ApiProperty({ description: '5% of those purchases, minor units' }) earnedMinor!: number;
  @ApiProperty() currency!: string;
}

export class ReferralLinkListDto {
  @ApiProperty({ type: [ReferralLinkDto] }) items!: ReferralLinkDto[];
}
