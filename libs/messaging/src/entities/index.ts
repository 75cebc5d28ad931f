import { Conversation } from './conversation.entity.js';
import { ConversationMember } from './conversation-member.entity.js';
import { MessagingSettingRow } from './messaging-setting.entity.js';

export const messagingEntities = [Conversation, ConversationMember, MessagingSettingRow];
