import { DISPUTE_STAGES, type DisputeStage } from '../payments/payment-provider.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { SaleItemView } from '../queries/sales/sales.query.js';

/** Every kind a sale may be (the purchases' kinds). */
const SALE_KINDS = ['content', 'subscription', 'tip', 'message', 'message_fee', 'post'] as const;

export class SalesQueryDto {
  @ApiPropertyOptional({ example: '2026-11-01', description: 'UTC date, inclusive (default: 29 days before `to`)' })
  @IsOptional()
  @IsString()
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'UTC date, inclusive (default: today)' })
  @IsOptional()
  @IsString()
  to?: string;
}

export class SalesTotalsDto {
  @ApiProperty({ description: 'What fans paid' }) grossMinor!: number;
  @ApiProperty({ description: "Your share of the same sales after the platform's split (sales payouts has booked)" })
  netMinor!: number;
  @ApiProperty() count!: number;
  @ApiProperty({ description: 'Refunded and charged back' }) refundedMinor!: number;
}

export class SalesDayDto {
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty() grossMinor!: number;
  @ApiProperty() count!: number;
}

export class SalesByKindDto {
  @ApiProperty({ enum: SALE_KINDS }) kind!: string;
  @ApiProperty() grossMinor!: number;
  @ApiProperty() count!: number;
}

export class SaleItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: SALE_KINDS }) kind!: SaleItemView['kind'];
  @ApiProperty() title!: string;
  @ApiProperty({ example: 'fan••3f2a' }) buyer!: string;
  @ApiProperty({ description: 'What the fan paid' }) grossMinor!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Your share after the platform's split; null for a few seconds, until payouts has booked the sale",
  })
  netMinor!: number | null;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['card', 'crypto'] }) method!: 'card' | 'crypto';
  @ApiProperty({ enum: ['paid', 'refunded', 'charged_back'] }) status!: 'paid' | 'refunded' | 'charged_back';
  @ApiProperty({
    type: String,
    enum: DISPUTE_STAGES,
    nullable: true,
    description: "A charged-back sale's dispute stage",
  })
  disputeStage!: DisputeStage | null;
  @ApiProperty({ type: String, nullable: true, description: "The fan's message with a tip" }) message!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class SalesDto {
  @ApiProperty({ description: "The store's currency; totals count sales in it" }) currency!: string;
  @ApiProperty({ type: () => SalesTotalsDto }) totals!: SalesTotalsDto;
  @ApiProperty({ type: [SalesDayDto] }) daily!: SalesDayDto[];
  @ApiProperty({ type: [SalesByKindDto] }) byKind!: SalesByKindDto[];
  @ApiProperty({ type: [SaleItemDto], description: 'Newest first (at most 200; the CSV has them all)' })
  items!: SaleItemDto[];
}
