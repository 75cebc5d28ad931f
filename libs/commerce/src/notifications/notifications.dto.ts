import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { CREATOR_NOTIFICATION_KINDS, type CreatorNotificationKind } from './creator-notification.js';

/** An entry id: a positive whole number that fits PostgreSQL's bigint. */
const ENTRY_ID = /^[1-9]\d{0,17}$/;

export class NotificationsQueryDto {
  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @Matches(ENTRY_ID, { message: 'cursor is not valid: pass the nextCursor of the previous page' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @Max(50, { message: 'limit is at most 50' })
  @Min(1, { message: 'limit is at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;
}

export class MarkNotificationsReadDto {
  @ApiPropertyOptional({
    description: 'Mark the entries up to and including this id (usually the newest one shown); leave out to mark all',
  })
  @IsOptional()
  @IsString()
  @Matches(ENTRY_ID, { message: 'upToId must be an entry id' })
  upToId?: string;
}

export class CreatorNotificationDto {
  @ApiProperty({ example: '42' }) id!: string;
  @ApiProperty({ enum: CREATOR_NOTIFICATION_KINDS }) kind!: CreatorNotificationKind;
  @ApiProperty({ format: 'uuid', description: 'The sale it is about' }) purchaseId!: string;
  @ApiProperty({ example: 'fan••3f2a sent you a $5.00 tip' }) text!: string;
  @ApiProperty({ type: String, nullable: true, description: "The fan's message with a tip" }) message!: string | null;
  @ApiProperty({ description: 'Gross, minor units' }) amountMinor!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readAt!: string | null;
}

export class NotificationsPageDto {
  @ApiProperty({ type: [CreatorNotificationDto], description: 'Newest first' }) items!: CreatorNotificationDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last page',
  })
  nextCursor!: string | null;
  @ApiProperty() unreadCount!: number;
}

export class UnreadCountDto {
  @ApiProperty() unreadCount!: number;
}
