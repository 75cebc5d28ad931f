/** How long a message waits unread before the email digest tells its recipient about it. */
export const DIGEST_AFTER_MS = 60 * 60 * 1000;

/**
 * The digest is on until the user turns it off. It is a service message about messages written to
 * them, not marketing (SPEC's marketing consent is a separate choice), and every digest carries a
 * one-click way out. Without it, a fan who closed the tab never learns a creator answered.
 */
export const DIGEST_DEFAULT = true;

/** How long an unsubscribe link in a digest keeps working. */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 90 * 24 * 3600;

const PREVIEW_LENGTH = 140;

export interface DigestConversation {
  conversationId: string;
  counterpartName: string;
  unread: number;
  /** The newest unread message included: its text, whether it has media, whether it has a price. */
  latestBody: string;
  latestHasMedia: boolean;
  latestPriced: boolean;
}

/** What the digest shows of a message: its text cut short, or what it holds when it has none (a price is never spoiled). */
export function previewOf(body: string, hasMedia: boolean, priced: boolean): string {
  if (priced) return 'Sent a paid message';
  const text = body.replace(/\s+/g, ' ').trim();
  if (!text) return hasMedia ? 'Sent a photo or video' : '';
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The template variables of one digest email (template `message-digest`). */
export function digestVariables(
  conversations: DigestConversation[],
  links: { publicUrl: string; unsubscribeUrl: string },
): Record<string, string | Record<string, string>[]> {
  const total = conversations.reduce((sum, conversation) => sum + conversation.unread, 0);
  return {
    summary:
      conversations.length === 1
        ? `${plural(total, 'unread message')} from ${conversations[0].counterpartName}`
        : `${plural(total, 'unread message')} in ${conversations.length} conversations`,
    conversations: conversations.map((conversation) => ({
      name: conversation.counterpartName,
      count: plural(conversation.unread, 'new message'),
      preview: previewOf(conversation.latestBody, conversation.latestHasMedia, conversation.latestPriced),
      url: `${links.publicUrl}/dashboard/messages/${conversation.conversationId}`,
    })),
    messagesUrl: `${links.publicUrl}/dashboard/messages`,
    settingsUrl: `${links.publicUrl}/dashboard/settings`,
    unsubscribeUrl: links.unsubscribeUrl,
  };
}
