/** 10000-01-01T00:00:00Z */
const LATEST = 253_402_300_800_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keyset pagination: where the previous page ended (its last row's time and id). */
export const encodeHistoryCursor = (createdAt: string, id: string): string =>
  Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

export function decodeHistoryCursor(text: string): { createdAt: Date; id: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [createdAt, id] = parsed as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    // Within what PostgreSQL stores: a time such as year -271821 parses here and fails there (a 500).
    const time = Date.parse(createdAt);
    if (!(time >= 0 && time < LATEST)) return null;
    return { createdAt: new Date(createdAt), id };
  } catch {
    return null;
  }
}
