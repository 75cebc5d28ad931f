import LinkifyIt from 'linkify-it';
import { createRequire } from 'node:module';

/** The longest message text, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Photos and videos one message may carry. */
export const MAX_ATTACHMENTS = 10;

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** What is stored of a typed text: NFC, no control characters but newlines and tabs, trimmed, at most one blank line in a row. */
export function cleanText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type TextProblem = 'empty' | 'too_long';

/** Why a cleaned text cannot be sent, or null: a message needs text or media, and text has a ceiling. */
export function textProblem(text: string, attachments: number): TextProblem | null {
  if (text.length > MESSAGE_MAX_LENGTH) return 'too_long';
  if (text.length === 0 && attachments === 0) return 'empty';
  return null;
}

// Addresses typed in any form spammers use: with a scheme, www., a bare domain (t.me, bit.ly, x.com) or an IP address with
// or without a port. Bare domains are read against IANA's whole root zone (the `tlds` package, kept current upstream),
// punycode forms included. E-mail addresses are not links here.
// The package is a bare JSON array (its `main`), which an ES import would need an import attribute for.
const tlds = createRequire(import.meta.url)('tlds') as string[];
const links = new LinkifyIt({}, { fuzzyEmail: false, fuzzyIP: true }).tlds(tlds, true);
// Characters that read as a dot but that NFKC leaves alone: ideographic, halfwidth and small full stops, dot leaders, middle dots.
const DOT_LOOKALIKES =
  /[\u3002\uff61\ufe12\ufe52\u2024\u2e3c\u0701\u0702\u06d4\ua4f8\ua60e\u00b7\u2027\u30fb\u2219\u22c5]/g;
// Invisible characters that would split an address in two for the linkifier but not for a reader.
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]/g;

/** The text as the link rule reads it: compatibility forms folded (full-width letters), dot look-alikes as dots, invisibles gone. */
export function linkForm(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(DOT_LOOKALIKES, '.');
}

/** An address after a scheme that linkify-it's host grammar leaves out (an IPv6 literal), read by the WHATWG URL parser. */
function schemeAddress(text: string): boolean {
  return text.split(/\s+/).some((word) => {
    const at = word.search(/(?:https?|ftp):\/\//i);
    if (at < 0) return false;
    try {
      return new URL(word.slice(at)).host.length > 0;
    } catch {
      return false;
    }
  });
}

/** The text holds a web address (the link rule for new fans). */
export function containsLink(text: string): boolean {
  const form = linkForm(text);
  return links.test(form) || schemeAddress(form);
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
