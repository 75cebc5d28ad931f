/** Where a page of the conversation list ended: the last conversation's activity time and id (keyset pagination). */
export interface ConversationCursor {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeConversationCursor(cursor: ConversationCursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');
}

/** The cursor, or null when the text was not made by encodeConversationCursor. */
export function decodeConversationCursor(text: string): ConversationCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    const time = new Date(at);
    return Number.isNaN(time.getTime()) ? null : { at: time, id };
  } catch {
    return null;
  }
}
