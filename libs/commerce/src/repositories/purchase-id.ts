import { uuidV7 } from '#app/platform';

/**
 * A new purchase's id: a UUIDv7 of its created_at (the table's check holds them together), so the id
 * alone names the month partition that holds the purchase.
 */
export const newPurchaseId = (createdAt: Date): string => uuidV7(createdAt);

/**
 * `<alias>.id = ?` that also bounds created_at to the month the id names, so PostgreSQL reads one
 * partition (ids from before UUIDv7 name no month: every partition is read). Its parameters: purchaseIdParams(id).
 */
export const purchaseIdIs = (alias = 'p') => `(${alias}.id = ?::uuid and ${alias}.created_at >= uuid_v7_month_start(?::uuid) and ${alias}.created_at < uuid_v7_month_end(?::uuid))`;

/**
 * The same for a statement prepared once per connection (PreparedStatements): the bounds as subqueries,
 * so PostgreSQL settles on one generic plan that prunes as it runs. With bounds it can fold, a plan for
 * the one partition always looks cheaper than the generic plan over all of them, and every execution
 * would be planned anew (partitioned planning is most of such a statement's cost).
 */
export const preparedPurchaseIdIs = (alias = 'p') =>
  `(${alias}.id = ?::uuid and ${alias}.created_at >= (select uuid_v7_month_start(?::uuid)) and ${alias}.created_at < (select uuid_v7_month_end(?::uuid)))`;

export const purchaseIdParams = (id: string | null): [string | null, string | null, string | null] => [id, id, id];
