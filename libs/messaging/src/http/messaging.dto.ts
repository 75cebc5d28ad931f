import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID } from 'class-validator';
import { Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { REPORT_REASONS, type ReportReason } from '#app/content-moderation';
import { PurchaseDto } from '#app/commerce';
import { ATTACHMENT_STATES, type AttachmentState } from '../domain/attachments.js';
import { MAX_ATTACHMENTS } from '../domain/message-text.js';
import { AUDIENCES, PRICE_LIMITS, type Audience } from '../domain/who-may-message.js';

const EmptyAsAbsent = () =>
  Transform(({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) =>
    obj[key] === '' ? undefined : value,
  );
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const limitMessage = (max: number) => `limit is a whole number from 1 to ${max}`;

export class StartConversationDto {
  @ApiPropertyOptional({ description: "A fan writes to a store's creator: the store's slug" })
  @ValidateIf((body: StartConversationDto) => body.storeSlug !== undefined || body.fanId === undefined)
  @IsString({ message: 'storeSlug or fanId is required' })
  @MinLength(1, { message: 'storeSlug or fanId is required' })
  @MaxLength(100)
  storeSlug?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A creator writes to a fan of their store (subscriber, buyer or favourite)',
  })
  @ValidateIf((body: StartConversationDto) => body.fanId !== undefined || body.storeSlug === undefined)
  @IsUUID('all', { message: 'fanId must be a user id' })
  fanId?: string;
}

export class ConversationListQueryDto {
  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;

  @ApiPropertyOptional({ default: 30, minimum: 1, maximum: 100 })
  @EmptyAsAbsent()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: limitMessage(100) })
  @Min(1, { message: limitMessage(100) })
  @Max(100, { message: limitMessage(100) })
  limit?: number;
}

export class MessagePageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Messages older than this message id' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsUUID('all', { message: 'before must be a message id' })
  before?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Messages newer than this message id (catching up after a reconnect)',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsUUID('all', { message: 'after must be a message id' })
  after?: string;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 100 })
  @EmptyAsAbsent()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: limitMessage(100) })
  @Min(1, { message: limitMessage(100) })
  @Max(100, { message: limitMessage(100) })
  limit?: number;
}

export class SendMessageDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Made by the client, unique per message it sends: sending it again answers the stored message',
  })
  @IsString({ message: 'clientId is required' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'clientId is 1 to 64 letters, digits, - or _' })
  clientId!: string;

  @ApiPropertyOptional({ maxLength: 2000, description: 'Trimmed; required unless media are attached' })
  @IsOptional()
  @IsString({ message: 'text must be text' })
  @MaxLength(4000, { message: 'A message has at most 2000 characters' })
  text?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: MAX_ATTACHMENTS,
    description:
      'Creators only: content ids of approved store items or of uploads made for messages (POST /api/messages/media)',
  })
  @IsOptional()
  @IsArray({ message: 'attachments is a list of content ids' })
  @ArrayMaxSize(MAX_ATTACHMENTS, { message: `At most ${MAX_ATTACHMENTS} attachments` })
  @IsUUID('all', { each: true, message: 'attachments are content ids' })
  attachments?: string[];

  @ApiPropertyOptional({
    minimum: PRICE_LIMITS.min,
    maximum: PRICE_LIMITS.max,
    description:
      "Creators only: a pay-per-view price in minor units of the store's currency (needs media); the recipient unlocks it through POST /api/purchases",
  })
  @IsOptional()
  @IsInt({ message: `priceMinor is a whole number of minor units from ${PRICE_LIMITS.min} to ${PRICE_LIMITS.max}` })
  @Min(PRICE_LIMITS.min, {
    message: `priceMinor is a whole number of minor units from ${PRICE_LIMITS.min} to ${PRICE_LIMITS.max}`,
  })
  @Max(PRICE_LIMITS.max, {
    message: `priceMinor is a whole number of minor units from ${PRICE_LIMITS.min} to ${PRICE_LIMITS.max}`,
  })
  priceMinor?: number;
}

export class MarkReadDto {
  @ApiProperty({ format: 'uuid', description: 'Read up to and including this message' })
  @IsUUID('all', { message: 'messageId must be a message id' })
  messageId!: string;
}

export class ReportConversationDto {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;

  @ApiProperty({ minLength: 10, maxLength: 4000 })
  @Transform(trim)
  @IsString({ message: 'details is required' })
  @MinLength(10, { message: 'details must say what is wrong (at least 10 characters)' })
  @MaxLength(4000)
  details!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A message you received; leave out to report the whole conversation',
  })
  @IsOptional()
  @IsUUID('all', { message: 'messageId must be a message id' })
  messageId?: string;
}

export class SearchQueryDto {
  @ApiProperty({ minLength: 1, maxLength: 100, description: 'Words to find (each as a word prefix)' })
  @IsString({ message: 'q is required' })
  @MinLength(1, { message: 'q is required' })
  @MaxLength(100, { message: 'q has at most 100 characters' })
  q!: string;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @EmptyAsAbsent()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: limitMessage(50) })
  @Min(1, { message: limitMessage(50) })
  @Max(50, { message: limitMessage(50) })
  limit?: number;
}

export class MessagingSettingsDto {
  @ApiProperty({
    enum: AUDIENCES,
    description: 'Who may write to you: subscribers only, anyone signed in, or anyone for a price per message',
  })
  @IsIn(AUDIENCES, { message: `audience must be one of ${AUDIENCES.join(', ')}` })
  audience!: Audience;

  @ApiPropertyOptional({
    minimum: PRICE_LIMITS.min,
    maximum: PRICE_LIMITS.max,
    description: "With 'paid': the price of one message, minor units of your store's currency",
  })
  @IsOptional()
  @IsInt({ message: `priceMinor is a whole number of minor units from ${PRICE_LIMITS.min} to ${PRICE_LIMITS.max}` })
  priceMinor?: number;
}

export class CreateMessageMediaDto {
  @ApiProperty({ enum: ['video', 'album'], description: 'One video, or photos' })
  @IsIn(['video', 'album'], { message: 'kind must be video or album' })
  kind!: 'video' | 'album';
}

export class AttachmentDto {
  @ApiProperty({ format: 'uuid' }) contentId!: string;
  @ApiProperty({ enum: ['video', 'album'] }) kind!: 'video' | 'album';
  @ApiProperty({
    enum: ATTACHMENT_STATES,
    description: 'pending: held for review (cannot be opened yet); released: opens; removed: rejected or taken down',
  })
  state!: AttachmentState;
  @ApiProperty({
    description: 'Part of a pay-per-view message you have not unlocked: opening it answers 402 payment_required',
  })
  locked!: boolean;
}

export class UnlockItemDto {
  @ApiProperty({ format: 'uuid' }) contentId!: string;
  @ApiProperty({ description: "The item's title (its media open only once unlocked)" }) title!: string;
  @ApiProperty({ enum: ['video', 'album'] }) kind!: 'video' | 'album';
  @ApiProperty({ description: 'You own this item already (bought, or in your subscription)' }) owned!: boolean;
}

export class OwnedAttachmentsQueryDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    maxItems: MAX_ATTACHMENTS,
    description: 'The content ids to attach (repeat it or use commas)',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').filter((id) => id !== '') : value,
  )
  @IsArray({ message: 'contentIds is a list of content ids' })
  @ArrayMinSize(1, { message: 'contentIds names at least one item' })
  @ArrayMaxSize(MAX_ATTACHMENTS, { message: `At most ${MAX_ATTACHMENTS} items` })
  @IsUUID('all', { each: true, message: 'contentIds are content ids' })
  contentIds!: string[];
}

class OwnedItemDto {
  @ApiProperty({ format: 'uuid' }) contentId!: string;
  @ApiProperty() title!: string;
}

export class OwnedAttachmentsDto {
  @ApiProperty({ description: "The fan's masked handle" }) recipient!: string;
  @ApiProperty({
    type: () => [OwnedItemDto],
    description: 'Attached store items the fan owns already: a priced message of only these opens free for them',
  })
  alreadyOwned!: OwnedItemDto[];
}

export class MoneyDto {
  @ApiProperty({ description: 'Minor units' }) amountMinor!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
}

export class MessageDto {
  @ApiProperty({ format: 'uuid', description: 'UUIDv7: sorts by time' }) id!: string;
  @ApiProperty({ format: 'uuid' }) conversationId!: string;
  @ApiProperty({ format: 'uuid' }) senderId!: string;
  @ApiProperty() clientId!: string;
  @ApiProperty({ enum: ['message', 'tip'], description: "tip: a fan's tip shown in the thread (text is their note)" })
  kind!: 'message' | 'tip';
  @ApiProperty() text!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: () => [AttachmentDto] }) attachments!: AttachmentDto[];
  @ApiProperty({ type: () => MoneyDto, nullable: true, description: "A pay-per-view message's price" })
  price!: MoneyDto | null;
  @ApiProperty({
    description:
      'You are the recipient of this priced message and have not unlocked it (a message of items you own opens free)',
  })
  locked!: boolean;
  @ApiProperty({
    type: () => [UnlockItemDto],
    description: 'A priced message: what unlocking it opens; empty otherwise',
  })
  unlocks!: UnlockItemDto[];
  @ApiProperty({ type: () => MoneyDto, nullable: true, description: "kind tip: the tip's amount" })
  tip!: MoneyDto | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) massMessageId!: string | null;
  @ApiProperty({ description: 'Its creator unsent it (shown to the sender, and to a buyer who keeps it)' })
  withdrawn!: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The sender's view of a priced message: how many unlocked it",
  })
  unlockCount!: number | null;
  @ApiProperty({
    enum: ['sent', 'awaiting_payment'],
    description: 'awaiting_payment: your message to a creator who charges per message, delivered once paid',
  })
  status!: 'sent' | 'awaiting_payment';
}

export class HeldMessageDto {
  @ApiProperty({
    type: () => MessageDto,
    description: 'Your message, status awaiting_payment: the creator sees it once paid',
  })
  message!: MessageDto;
  @ApiProperty({
    type: () => PurchaseDto,
    nullable: true,
    description:
      'Its checkout (kind message_fee); null when payments are unavailable: pay with POST .../messages/{messageId}/pay',
  })
  purchase!: PurchaseDto | null;
}

export class MessagePageDto {
  @ApiProperty({ type: () => [MessageDto], description: 'Newest first' }) items!: MessageDto[];
  @ApiProperty({ description: 'More messages lie beyond this page in the direction asked' }) hasMore!: boolean;
}

export class MessageListDto {
  @ApiProperty({ type: () => [MessageDto] }) items!: MessageDto[];
}

class CounterpartDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ description: "A creator's store name, or a fan's masked handle" }) name!: string;
  @ApiProperty({ type: String, nullable: true }) storeSlug!: string | null;
}

class LastMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) senderId!: string;
  @ApiProperty() preview!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

class MessagePriceDto {
  @ApiProperty() priceMinor!: number;
  @ApiProperty() currency!: string;
}

export class ConversationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['fan', 'creator'], description: 'Your side' }) myRole!: 'fan' | 'creator';
  @ApiProperty({ type: () => CounterpartDto }) counterpart!: CounterpartDto;
  @ApiProperty({ format: 'date-time' }) startedAt!: string;
  @ApiProperty({ format: 'date-time' }) lastActivityAt!: string;
  @ApiProperty({ type: () => LastMessageDto, nullable: true }) lastMessage!: LastMessageDto | null;
  @ApiProperty() unreadCount!: number;
  @ApiProperty() muted!: boolean;
  @ApiProperty() blockedByMe!: boolean;
  @ApiProperty({ description: 'A block stands (either side): nobody sends' }) closed!: boolean;
  @ApiProperty({ type: String, nullable: true }) myLastReadMessageId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Read receipt: the last message the other side read' })
  theirLastReadMessageId!: string | null;
  @ApiProperty({
    type: () => MessagePriceDto,
    nullable: true,
    description: "For a fan: the creator's price per message (null: free)",
  })
  messagePrice!: MessagePriceDto | null;
}

export class ConversationListDto {
  @ApiProperty({ type: () => [ConversationDto] }) items!: ConversationDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor!: string | null;
}

export class ReadDto {
  @ApiProperty({ format: 'uuid' }) conversationId!: string;
  @ApiProperty({ format: 'uuid' }) lastReadMessageId!: string;
  @ApiProperty() unreadCount!: number;
  @ApiProperty({ description: 'Your badge total' }) total!: number;
}

export class UnreadDto {
  @ApiProperty({ description: 'Unread messages in conversations that are not muted' }) total!: number;
  @ApiProperty() conversations!: number;
}

export class MessagingSettingsViewDto {
  @ApiProperty({ enum: AUDIENCES }) audience!: Audience;
  @ApiProperty({ type: Number, nullable: true }) priceMinor!: number | null;
  @ApiProperty({ type: String, nullable: true }) currency!: string | null;
  @ApiProperty() storeCurrency!: string;
}

export class MessageMediaDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Upload its files with tus at /api/uploads (metadata contentId), then attach it to a message',
  })
  contentId!: string;
}

class OpenedFileDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['video', 'image'] }) mediaType!: 'video' | 'image';
  @ApiProperty({ type: Number, nullable: true }) number!: number | null;
  @ApiProperty({ type: String, nullable: true }) thumbnailUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) previewUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Signed for ten minutes' }) fileUrl!: string | null;
}

export class OpenedAttachmentDto {
  @ApiProperty({ format: 'uuid' }) contentId!: string;
  @ApiProperty({ enum: ['video', 'album'] }) kind!: 'video' | 'album';
  @ApiProperty({ type: () => [OpenedFileDto] }) media!: OpenedFileDto[];
}

export class MessageReportDto {
  @ApiProperty({ format: 'uuid' }) caseId!: string;
  @ApiProperty({ format: 'uuid' }) conversationId!: string;
  @ApiProperty({ type: String, nullable: true }) messageId!: string | null;
  @ApiProperty({ format: 'uuid' }) reporterId!: string;
  @ApiProperty({ format: 'uuid' }) reportedUserId!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: () => MessageDto, nullable: true }) reported!: MessageDto | null;
  @ApiProperty({ type: () => [MessageDto], description: 'The messages before it, newest first' })
  context!: MessageDto[];
}

export class ReportReceiptDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time', description: 'Moderators review it by then (48 hours)' }) dueAt!: string;
}
