import LinkifyIt from 'linkify-it';

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

// Addresses typed in any form spammers use: with a scheme, www., or a bare domain (t.me, bit.ly, x.com). linkify-it knows
// the generic and every two-letter country TLD; the newer ones spam favours are added. E-mail addresses are not links here.
const SPAM_TLDS = ['io', 'ly', 'gg', 'tv', 'me', 'xyz', 'top', 'click', 'live', 'link', 'site', 'online', 'club', 'vip', 'fun', 'chat', 'app', 'dev', 'store', 'page'];
const links = new LinkifyIt({}, { fuzzyEmail: false }).tlds(SPAM_TLDS, true);
// Anything after a scheme counts, hosts linkify-it does not parse too (an IP literal).
const SCHEME = /\b(?:https?|ftp):\/\/\S/i;

/** The text holds a web address (the link rule for new fans). */
export function containsLink(text: string): boolean {
  return SCHEME.test(text) || links.test(text);
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
