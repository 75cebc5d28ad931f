import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod } from '../services/earnings-types';
import {
  getPayoutHistory,
  getPayoutMethod,
  getStatement,
  getTransactions,
  removePayoutMethod,
  savePayoutMethod,
} from '../services/payouts.service';

export const payoutKeys = {
  statement: ['earnings', 'statement'] as const,
  transactions: ['earnings', 'transactions'] as const,
  history: ['earnings', 'payout-history'] as const,
  method: ['earnings', 'payout-method'] as const,
};

export const useStatement = () => useQuery({ queryKey: payoutKeys.statement, queryFn: getStatement, retry: false });

export function useTransactions() {
  return useInfiniteQuery({
    queryKey: payoutKeys.transactions,
    queryFn: ({ pageParam }) => getTransactions(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export const usePayoutHistory = () => useQuery({ queryKey: payoutKeys.history, queryFn: getPayoutHistory });

export const usePayoutMethod = () => useQuery({ queryKey: payoutKeys.method, queryFn: getPayoutMethod });

function useMethodWrite<TVariables>(mutationFn: (variables: TVariables) => Promise<PayoutMethod | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (method) => {
      client.setQueryData(payoutKeys.method, method);
      // The statement carries the method too.
      await client.invalidateQueries({ queryKey: payoutKeys.statement });
    },
  });
}

export const useSavePayoutMethod = () => useMethodWrite(savePayoutMethod);
export const useRemovePayoutMethod = () => useMethodWrite(async () => (await removePayoutMethod(), null));
