import { uuidV7 } from '#app/platform';

/** A message's id: the platform's UUIDv7 of its created_at, so the id alone names its month partition (and sorts by time). */
export const messageId = (at: Date): string => uuidV7(at);

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** When a message id was made, or null when the text is not a UUIDv7. */
export function timeOfId(id: string): Date | null {
  if (!V7.test(id)) return null;
  return new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}
