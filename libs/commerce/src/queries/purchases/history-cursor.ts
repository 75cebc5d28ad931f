const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keyset pagination: where the previous page ended (its last row's time and id). */
export const encodeHistoryCursor = (createdAt: string, id: string): string => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

export function decodeHistoryCursor(text: string): { createdAt: Date; id: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [createdAt, id] = parsed as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !UUID.test(id) || Number.isNaN(Date.parse(createdAt))) return null;
    return { createdAt: new Date(createdAt), id };
  } catch {
    return null;
  }
}
