import { AppError } from '#app/platform';
import { MESSAGE_MAX_LENGTH } from './domain/message-text.js';
import { MessageRules } from './domain/message-rules.js';

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

export const MessagingErrors = {
  conversationNotFound: () => new AppError(404, 'conversation_not_found', 'Conversation not found'),
  messageNotFound: () => new AppError(404, 'message_not_found', 'Message not found in this conversation'),
  storeNotFound: () => new AppError(404, 'store_not_found', 'Store not found'),
  fanNotFound: () => new AppError(404, 'fan_not_found', 'This fan does not exist'),
  notACreator: () => new AppError(403, 'not_a_creator', 'Open a store first: message settings belong to creators'),
  ownStore: () => new AppError(400, 'own_store', 'You cannot message yourself'),
  noRelationship: () =>
    new AppError(403, 'no_relationship', 'You can message fans who subscribe to, bought from or favourited your store'),
  subscribersOnly: () =>
    new AppError(
      403,
      'subscribers_only',
      'This creator reads messages from subscribers only. Subscribe to write to them.',
    ),
  blocked: MessageRules.blocked,
  youBlocked: MessageRules.youBlocked,
  emptyMessage: () =>
    new AppError(400, 'validation_failed', 'Write a message or attach media', [
      { field: 'text', message: 'Write a message or attach media' },
    ]),
  tooLong: () =>
    new AppError(400, 'validation_failed', `A message has at most ${MESSAGE_MAX_LENGTH} characters`, [
      { field: 'text', message: `At most ${MESSAGE_MAX_LENGTH} characters` },
    ]),
  clientIdReused: () =>
    new AppError(
      409,
      'client_id_reused',
      'This clientId was used for another conversation: make a new one per message',
    ),
  mediaFromFans: () =>
    new AppError(403, 'media_not_allowed', 'Only the creator sends photos and videos in a conversation'),
  notVerified: () =>
    new AppError(403, 'not_verified', 'Only verified creators send photos and videos. Verify your identity first.'),
  attachment: (status: 404 | 409, message: string) =>
    new AppError(status, status === 404 ? 'media_not_found' : 'media_not_sendable', message),
  duplicateAttachment: () =>
    new AppError(400, 'validation_failed', 'Attach each item once', [
      { field: 'attachments', message: 'Attach each item once' },
    ]),
  locked: (priceMinor: number, currency: string) =>
    new AppError(
      402,
      'payment_required',
      `Unlock this message (${money(priceMinor, currency)}) to open its media`,
      undefined,
      { price_minor: priceMinor, currency },
    ),
  creatorsOnlyCheck: () =>
    new AppError(403, 'not_the_creator', "Only the conversation's creator checks what its fan owns"),
  priceFromFans: () => new AppError(403, 'price_not_allowed', 'Only the creator sets a price on a message'),
  priceNeedsMedia: MessageRules.priceNeedsMedia,
  notHeld: MessageRules.notHeld,
  mediaNotOpen: () =>
    new AppError(404, 'media_not_found', 'This media is not available: it is waiting for review or was removed'),
  // The spam rules, each with its own code (issue 22).
  sendRate: (retryAfter: number) =>
    new AppError(
      429,
      'message_rate_limited',
      'You are sending messages too fast. Wait a moment and try again.',
      undefined,
      { retry_after: retryAfter },
    ),
  newConversations: (retryAfter: number) =>
    new AppError(
      429,
      'new_conversation_limit',
      'New accounts can start only a few conversations a day. Try again tomorrow.',
      undefined,
      { retry_after: retryAfter },
    ),
  duplicateText: () =>
    new AppError(
      429,
      'duplicate_message',
      'You sent this same message to several conversations just now. Write each person their own message.',
    ),
  linksFromNewFans: () =>
    new AppError(403, 'links_not_allowed', 'New accounts cannot send links yet. Send your message without the link.'),
  oneTarget: () =>
    new AppError(400, 'validation_failed', 'Pass either storeSlug or fanId, not both', [
      { field: 'fanId', message: 'Pass either storeSlug or fanId' },
    ]),
  badCursor: () =>
    new AppError(400, 'validation_failed', 'cursor is not valid: pass the nextCursor of the previous page', [
      { field: 'cursor', message: 'Invalid cursor' },
    ]),
  bothCursors: () =>
    new AppError(400, 'validation_failed', 'Pass either before or after, not both', [
      { field: 'after', message: 'Pass either before or after' },
    ]),
  badSetting: (field: string, message: string) => new AppError(400, 'validation_failed', message, [{ field, message }]),
  ownReport: () =>
    new AppError(403, 'own_work', 'This report is about a conversation you are part of: another moderator handles it'),
  reportNotFound: () => new AppError(404, 'not_found', 'No message report for this case'),
  badUnsubscribeLink: () =>
    new AppError(
      400,
      'invalid_link',
      'This unsubscribe link is not valid or has expired. Turn the email off in your account settings instead.',
    ),
  // Mass messages and unsend.
  massMessageNotFound: () => new AppError(404, 'mass_message_not_found', 'Mass message not found'),
  contentNotFound: () =>
    new AppError(404, 'content_not_found', 'Item not found in your store: the buyers segment names one of your items', [
      { field: 'contentId', message: 'Not one of your items' },
    ]),
  massMessageLimit: (perDay: number) =>
    new AppError(429, 'mass_message_limit', `You can queue ${perDay} mass messages a day. Try again tomorrow.`),
  notYourMessage: MessageRules.notYourMessage,
  notUnsendable: MessageRules.notUnsendable,
  alreadyReported: () =>
    new AppError(409, 'already_reported', 'You reported this already; moderators are looking at it'),
};
