import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';

export class BalanceDto {
  @ApiProperty() currency!: string;
  @ApiProperty({ description: 'Pending Balance: earnings not yet released (minor units)' }) pendingMinor!: number;
  @ApiProperty({ description: 'Current Balance: released, paid out at the next month-end (negative carries forward)' })
  currentMinor!: number;
  @ApiProperty({ description: 'Adjustments this month: refunds, chargebacks, corrections' }) adjustmentsMinor!: number;
}

export class PayoutMethodDto {
  @ApiProperty({ enum: ['bank', 'crypto'] }) kind!: 'bank' | 'crypto';
  @ApiPropertyOptional() accountHolder?: string;
  @ApiPropertyOptional({ description: 'Last four characters of the IBAN' }) ibanLast4?: string;
  @ApiPropertyOptional() currency?: string;
  @ApiPropertyOptional({ enum: ['solana'] }) network?: 'solana';
  @ApiPropertyOptional() address?: string;
  @ApiProperty() updatedAt!: string;
}

export class StatementDto extends BalanceDto {
  @ApiProperty({ enum: ['monthly', 'held'] }) schedule!: 'monthly' | 'held';
  @ApiProperty() holdReason!: string;
  @ApiProperty({ nullable: true, type: String }) heldUntil!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The next month-end close that pays something (YYYY-MM-DD); null while none will',
  })
  nextPayoutOn!: string | null;
  @ApiProperty({ description: 'What that close pays (minor units; 0 when none)' }) nextPayoutMinor!: number;
  @ApiProperty({ nullable: true, type: PayoutMethodDto }) payoutMethod!: PayoutMethodDto | null;
  @ApiProperty({ type: [BalanceDto] }) balances!: BalanceDto[];
}

export class StatementLineDto {
  @ApiProperty() id!: string;
  @ApiProperty() transactionId!: number;
  @ApiProperty({
    enum: ['sale', 'referral', 'refund', 'chargeback', 'correction', 'release', 'payout', 'payout_returned'],
  })
  kind!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Signed effect on your balance (minor units)' }) amountMinor!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['pending', 'current'] }) balance!: 'pending' | 'current';
  @ApiProperty() occurredAt!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The day the amount becomes payable' }) releaseOn!:
    string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Earnings not paid yet: the month-end close that pays them (YYYY-MM-DD)',
  })
  payoutOn!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why the amount is held, and until when it is' })
  holdReason!: string | null;
  @ApiProperty({ nullable: true, enum: ['pending', 'released', 'paid', 'submitted', 'failed'] }) status!: string | null;
}

export class StatementLinesDto {
  @ApiProperty({ type: [StatementLineDto] }) items!: StatementLineDto[];
  @ApiProperty({ nullable: true, type: String }) nextCursor!: string | null;
}

export class PayoutDto {
  @ApiProperty() id!: string;
  @ApiProperty() period!: string;
  @ApiProperty() amountMinor!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['bank', 'crypto'] }) method!: 'bank' | 'crypto';
  @ApiProperty() destination!: string;
  @ApiProperty({ enum: ['pending', 'submitted', 'paid', 'failed'] }) status!: string;
  @ApiProperty({ nullable: true, type: String }) failureReason!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) paidAt!: string | null;
}

export class PayoutHistoryDto {
  @ApiProperty({ type: [PayoutDto] }) items!: PayoutDto[];
}

export class TransactionsQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,18}$/, { message: 'cursor is not valid: pass the nextCursor of the previous page' })
  cursor?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(100, { message: 'limit must be at most 100' })
  limit?: number;
}

export class SetPayoutMethodDto {
  @ApiProperty({ enum: ['bank', 'crypto'] })
  @IsIn(['bank', 'crypto'], { message: 'kind must be bank or crypto' })
  kind!: 'bank' | 'crypto';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(120) accountHolder?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(42) iban?: string;
  @ApiPropertyOptional({ enum: ['USD', 'EUR', 'GBP'] }) @IsOptional() @IsString() currency?: string;
  @ApiPropertyOptional({ enum: ['solana'] })
  @IsOptional()
  @IsIn(['solana'], { message: 'network must be solana' })
  network?: 'solana';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) address?: string;
}

export class RunPayoutsDto {
  @ApiProperty({ example: '2026-11' })
  @IsString()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'period must be a month as YYYY-MM' })
  period!: string;
}

export class RunSummaryDto {
  @ApiProperty() runId!: string;
  @ApiProperty() period!: string;
  @ApiProperty() cutoff!: string;
  @ApiProperty() batches!: number;
  @ApiProperty() closedHere!: number;
  @ApiProperty() finished!: boolean;
}

export class PayoutRunDto {
  @ApiProperty() id!: string;
  @ApiProperty() period!: string;
  @ApiProperty() cutoff!: string;
  @ApiProperty() batches!: number;
  @ApiProperty() batchesDone!: number;
  @ApiProperty() payouts!: number;
  @ApiProperty() startedAt!: string;
  @ApiProperty({ nullable: true, type: String }) finishedAt!: string | null;
}

export class PayoutRunsDto {
  @ApiProperty({ type: [PayoutRunDto] }) items!: PayoutRunDto[];
}
