import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmpty,
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
import { PAYMENT_METHODS, type PaymentMethod } from '../payments/payment-provider.js';
import {
  PURCHASE_KINDS,
  PURCHASE_STATUSES,
  type PurchaseKind,
  type PurchaseStatus,
} from '../queries/purchases/purchase-view.js';
import { MAX_TIP_MINOR } from '../commands/purchase/sale-plan.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a fan buys here; a price per message (message_fee) is paid from the message send. */
const BUYABLE_KINDS = ['content', 'subscription', 'tip', 'message', 'post'] as const;

export class CreatePurchaseDto {
  @ApiProperty({ enum: BUYABLE_KINDS })
  @IsIn(BUYABLE_KINDS, { message: 'kind must be content, subscription, tip, message or post' })
  kind!: (typeof BUYABLE_KINDS)[number];

  @ApiPropertyOptional({ format: 'uuid', description: 'kind content: the video or album' })
  @IsOptional()
  @IsUUID('all', { message: 'contentId must be an item id' })
  contentId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'kind message: the priced message to unlock (you must be its recipient)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'messageId must be a message id' })
  messageId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'kind post: the pay-to-unlock post to unlock (published, and not your own)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'postId must be a post id' })
  postId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "kind tip: your conversation with the store's creator, where the tip is shown once paid",
  })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId must be a conversation id' })
  conversationId?: string;

  @ApiPropertyOptional({ example: 'jane-fit', description: 'kind subscription or tip: the store' })
  @IsOptional()
  @MaxLength(40, { message: 'storeSlug is not a store address' })
  @IsString({ message: 'storeSlug must be a store address' })
  storeSlug?: string;

  @ApiPropertyOptional({
    description: `kind tip: minor units, at least the store's minimum tip, at most ${MAX_TIP_MINOR}`,
  })
  @IsOptional()
  @Max(MAX_TIP_MINOR, { message: `amountMinor must be at most ${MAX_TIP_MINOR}` })
  @Min(1, { message: 'amountMinor must be positive' })
  @IsInt({ message: 'amountMinor must be a whole number of minor units' })
  amountMinor?: number;

  @ApiPropertyOptional({ maxLength: 200, description: 'kind tip: a note to the creator' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'message must be at most 200 characters' })
  @IsString()
  message?: string;

  @ApiProperty({ enum: PAYMENT_METHODS })
  @IsIn(PAYMENT_METHODS, { message: 'method must be card or crypto' })
  method!: PaymentMethod;

  /** Refused, not dropped: a client still sending card details must learn they never reach us. */
  @ApiHideProperty()
  @IsEmpty({
    message: 'Card details are never sent to Fanmint: the fan pays on the hosted checkout page (checkoutUrl)',
  })
  card?: never;

  @ApiPropertyOptional({
    maxLength: 500,
    example: '/stores/jane-fit',
    description: 'A path of this site to come back to after paying (the return page sends the fan there)',
  })
  @IsOptional()
  @MaxLength(500, { message: 'returnTo must be at most 500 characters' })
  @Matches(/^\/(?![/\\])[^\s\\]*$/, { message: 'returnTo must be a path of this site, starting with /' })
  @IsString({ message: 'returnTo must be a path of this site, starting with /' })
  returnTo?: string;

  @ApiPropertyOptional({ maxLength: 40, description: "The ref code of a fan's referral link (albums)" })
  @IsOptional()
  @MaxLength(40)
  @IsString()
  referralCode?: string;
}

export class CryptoInstructionsDto {
  @ApiProperty({ enum: ['solana'] }) network!: 'solana';
  @ApiProperty({ description: 'Send the tokens to this address' }) address!: string;
  @ApiProperty({ example: '1299', description: 'Whole platform tokens' }) amountToken!: string;
}

export class PaidCardDto {
  @ApiProperty({ example: 'visa' }) brand!: string;
  @ApiProperty({ example: '4242', pattern: '^[0-9]{4}$' }) last4!: string;
}

export class PurchaseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: PURCHASE_KINDS }) kind!: PurchaseKind;
  @ApiProperty({ enum: PURCHASE_STATUSES }) status!: PurchaseStatus;
  @ApiProperty({ description: 'Minor units' }) amountMinor!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ enum: PAYMENT_METHODS }) method!: PaymentMethod;
  @ApiProperty() storeSlug!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty({ type: String, nullable: true }) contentId!: string | null;
  @ApiProperty({ type: String, nullable: true }) contentTitle!: string | null;
  @ApiProperty({ type: String, enum: ['video', 'album'], nullable: true }) contentKind!: 'video' | 'album' | null;
  @ApiProperty({ type: String, nullable: true }) subscriptionId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Your card was declined.' }) failureReason!: string | null;
  @ApiProperty({ type: () => CryptoInstructionsDto, nullable: true }) crypto!: CryptoInstructionsDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The acquirer's hosted payment page, while the purchase is requires_action: send the fan there",
  })
  checkoutUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Where the fan asked to come back to' }) returnTo!:
    string | null;
  @ApiProperty({
    type: () => PaidCardDto,
    nullable: true,
    description: 'The card it was paid with, as the acquirer reports it (never the number)',
  })
  card!: PaidCardDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt!: string | null;
}

export class PurchasePageDto {
  @ApiProperty({ type: [PurchaseDto] }) items!: PurchaseDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last page',
  })
  nextCursor!: string | null;
}

export class PurchaseHistoryQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'limit is at most 100' })
  @Min(1, { message: 'limit is at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;
}

export class PurchasedContentQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'For a subscription purchase: which item of the store to open' })
  @IsOptional()
  @IsUUID('all', { message: 'contentId must be an item id' })
  contentId?: string;
}

export class PurchasedMediaDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['video', 'image'] }) mediaType!: 'video' | 'image';
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "1, 2, 3… in the creator's order (the numbers the creator and moderators see)",
  })
  number!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Signed for ten minutes' }) thumbnailUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The full file, signed for ten minutes' }) fileUrl!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The full file as a download (Content-Disposition: attachment), signed for ten minutes; null unless the store allows downloads',
  })
  downloadUrl!: string | null;
}

export class PurchasedContentDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['video', 'album'] }) kind!: 'video' | 'album';
  @ApiProperty({ type: [PurchasedMediaDto], description: "In the creator's order" }) media!: PurchasedMediaDto[];
}

export class AutoRenewDto {
  @ApiProperty()
  @IsBoolean({ message: 'autoRenew must be true or false' })
  autoRenew!: boolean;
}

export class SavedCardDto {
  @ApiProperty({ description: "The acquirer's id of the saved card" }) id!: string;
  @ApiProperty({ example: 'visa' }) brand!: string;
  @ApiProperty({ example: '4242' }) last4!: string;
  @ApiProperty({ example: 12 }) expMonth!: number;
  @ApiProperty({ example: 2030 }) expYear!: number;
}

export class SavedCardsDto {
  @ApiProperty({ type: [SavedCardDto] }) items!: SavedCardDto[];
}
