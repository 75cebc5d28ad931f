/** The longest message text, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Photos and videos one message may carry. */
export const MAX_ATTACHMENTS = 10;

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** What is stored of a typed text: NFC, no control characters but newlines and tabs, trimmed, at most one blank line in a row. */
export function cleanText(raw: string): string {
  return raw.normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(/\n{3,}/g, '\n\n').trim();
}

export type TextProblem = 'empty' | 'too_long';

/** Why a cleaned text cannot be sent, or null: a message needs text or media, and text has a ceiling. */
export function textProblem(text: string, attachments: number): TextProblem | null {
  if (text.length > MESSAGE_MAX_LENGTH) return 'too_long';
  if (text.length === 0 && attachments === 0) return 'empty';
  return null;
}

// Addresses typed in any form spammers use: with a scheme, www., or a bare domain on a common TLD (t.me, bit.ly, x.com).
const SCHEME = /\b(?:https?|ftp):\/\/\S/i;
const WWW = /\bwww\.[a-z0-9-]+\./i;
const TLDS = 'com|net|org|info|biz|io|co|me|ly|gg|tv|to|cc|ws|app|link|site|xyz|top|click|live|shop|store|online|club|vip|fun|chat|page|dev|ai|ru|de|uk|fr|es|it|nl|ie|us|ca|au|in|br|pl|eu';
const BARE_DOMAIN = new RegExp(`(?:^|[^\\w@.-])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\\.(?:${TLDS})(?![\\w-])`, 'i');

/** The text holds a web address (the link rule for new fans). */
export function containsLink(text: string): boolean {
  return SCHEME.test(text) || WWW.test(text) || BARE_DOMAIN.test(text);
}

/** The same text for the duplicate rule: case and spacing do not make a copy new. */
export function duplicateKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The conversation list's preview of a message. */
export function previewOf(text: string, attachments: number): string {
  if (text.length > 0) return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  return attachments === 1 ? 'Sent media' : `Sent ${attachments} media`;
}
