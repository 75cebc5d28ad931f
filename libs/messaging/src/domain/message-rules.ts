import { AppError } from '#app/platform';

/** The invariants of a conversation and its messages, each with its own name in the domain. */
export type MessageRule =
  | 'price_needs_media'
  | 'price_and_fee'
  | 'not_priced'
  | 'own_message_unlock'
  | 'not_held'
  | 'not_your_message'
  | 'not_unsendable'
  | 'you_blocked'
  | 'conversation_blocked'
  | 'own_conversation'
  | 'not_a_member';

/**
 * A broken invariant of the Conversation/Message aggregate. `rule` names it in the domain; `code` and
 * `status` are what the API answers (unchanged wire codes: a price without media is still a validation error).
 */
export class MessageRuleError extends AppError {
  constructor(
    readonly rule: MessageRule,
    status: number,
    code: string,
    message: string,
    details?: unknown,
  ) {
    super(status, code, message, details);
  }
}

export const MessageRules = {
  priceNeedsMedia: () =>
    new MessageRuleError(
      'price_needs_media',
      400,
      'validation_failed',
      'A priced message carries at least one photo or video',
      [{ field: 'attachments', message: 'Attach media to a priced message' }],
    ),
  priceAndFee: () =>
    new MessageRuleError(
      'price_and_fee',
      409,
      'price_and_fee',
      'A message is either priced by its creator or held for a price per message, not both',
    ),
  notPriced: () => new MessageRuleError('not_priced', 409, 'not_priced', 'Only a priced message can be unlocked'),
  ownMessageUnlock: () =>
    new MessageRuleError('own_message_unlock', 409, 'own_message', 'The sender of a priced message does not unlock it'),
  notHeld: () =>
    new MessageRuleError('not_held', 409, 'not_awaiting_payment', 'This message is not waiting for payment'),
  notYourMessage: () =>
    new MessageRuleError('not_your_message', 403, 'not_your_message', 'Only the sender can unsend a message'),
  notUnsendable: () =>
    new MessageRuleError('not_unsendable', 409, 'not_unsendable', 'Only a priced message can be unsent'),
  youBlocked: () =>
    new MessageRuleError('you_blocked', 403, 'you_blocked', 'You blocked this person: unblock them to send a message'),
  blocked: () =>
    new MessageRuleError(
      'conversation_blocked',
      403,
      'conversation_blocked',
      'You can no longer send messages in this conversation',
    ),
  ownConversation: () => new MessageRuleError('own_conversation', 400, 'own_store', 'You cannot message yourself'),
  notAMember: () => new MessageRuleError('not_a_member', 404, 'conversation_not_found', 'Conversation not found'),
};
