import { ApiProperty } from '@nestjs/swagger';
import { FavoriteDto, PurchaseDto, SubscriptionDto } from '#app/commerce';

export class NextPayoutDto {
  @ApiProperty({ description: 'The month-end close that pays it (YYYY-MM-DD)' }) on!: string;
  @ApiProperty({ description: 'Minor units' }) amountMinor!: number;
}

export class DashboardStoreDto {
  @ApiProperty() slug!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty() currency!: string;
}

export class ReviewCountsDto {
  @ApiProperty({ description: 'Submitted, waiting for a moderator' }) inReview!: number;
  @ApiProperty() rejected!: number;
  @ApiProperty() approved!: number;
  @ApiProperty() drafts!: number;
}

export class CreatorSummaryDto {
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({ description: 'Sales this calendar month before the platform share (minor units)' })
  monthGrossMinor!: number;
  @ApiProperty({
    description: 'Your share of this month’s sales and referrals, less refunds and chargebacks (minor units)',
  })
  monthNetMinor!: number;
  @ApiProperty() pendingMinor!: number;
  @ApiProperty() currentMinor!: number;
  @ApiProperty({
    type: () => NextPayoutDto,
    nullable: true,
    description: 'The next month-end that pays something; null while none will',
  })
  nextPayout!: NextPayoutDto | null;
  @ApiProperty({ enum: ['monthly', 'held'] }) schedule!: 'monthly' | 'held';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Held payees: the day earnings move to the monthly payout',
  })
  heldUntil!: string | null;
  @ApiProperty() payoutMethodSet!: boolean;
  @ApiProperty({ type: () => DashboardStoreDto, nullable: true }) store!: DashboardStoreDto | null;
  @ApiProperty({ description: 'Subscriptions started this calendar month' }) newSubscribers!: number;
  @ApiProperty() activeSubscribers!: number;
  @ApiProperty({ type: () => ReviewCountsDto }) content!: ReviewCountsDto;
}

export class FanSummaryDto {
  @ApiProperty({ type: [PurchaseDto], description: 'The five newest' }) recentPurchases!: PurchaseDto[];
  @ApiProperty({
    type: [SubscriptionDto],
    description: 'Active ones (and those awaiting payment), newest first, at most five',
  })
  subscriptions!: SubscriptionDto[];
  @ApiProperty({ type: [FavoriteDto], description: 'The five most recently added' }) favorites!: FavoriteDto[];
}

export class DashboardSummaryDto {
  @ApiProperty({ enum: ['creator', 'fan'] }) role!: 'creator' | 'fan';
  @ApiProperty({ type: String, nullable: true, enum: ['processing', 'rejected', 'accepted'] }) verificationStatus!:
    'processing' | 'rejected' | 'accepted' | null;
  @ApiProperty({ type: () => CreatorSummaryDto, nullable: true }) creator!: CreatorSummaryDto | null;
  @ApiProperty({ type: () => FanSummaryDto }) fan!: FanSummaryDto;
}
