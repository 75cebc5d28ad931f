import { uuidV7 } from '#app/platform';

/**
 * A new purchase's id: a UUIDv7 of its created_at (the table's check holds them together), so the id
 * alone names the month partition that holds the purchase.
 */
export const newPurchaseId = (createdAt: Date): string => uuidV7(createdAt);
