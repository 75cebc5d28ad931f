import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A payee's net from each sale: its booking and its reversal, if any (a refunded or charged-back
 * sale nets to nothing). The ids travel as one JSON parameter: a long range of sales is one
 * statement, whatever its size.
 */
export function netBySale(
  em: EntityManager,
  payeeId: string,
  saleIds: readonly string[],
): Promise<{ sale_id: string; net: string }[]> {
  return em.execute<{ sale_id: string; net: string }[]>(
    `select t.sale_id, sum(e.amount_minor) as net
       from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
       join ledger_accounts a on a.id = e.account_id and a.owner_id = ?
      where t.sale_id in (select jsonb_array_elements_text(?::jsonb)) and t.kind in ('sale', 'refund', 'chargeback') and t.payee_id = ?
      group by t.sale_id`,
    [payeeId, JSON.stringify(saleIds), payeeId],
  );
}
