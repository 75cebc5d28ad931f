import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { CaseKind, CaseStatus, ModerationCase, ResolveCaseRequest } from '../services/admin.types';
import { actOnCase, getCase, listCases, type CaseAction } from '../services/moderation-api';
import { adminKeys } from './admin-keys';

const OPEN_REFRESH_MS = 30_000;

export function useCaseList(kind: CaseKind | null, status: CaseStatus) {
  return useQuery({
    queryKey: adminKeys.caseList(kind, status),
    queryFn: () => listCases(kind, status),
    refetchInterval: status === 'open' ? OPEN_REFRESH_MS : false,
  });
}

export function useCase(id: string) {
  return useQuery({
    queryKey: adminKeys.caseItem(id),
    queryFn: () => getCase(id),
    refetchInterval: OPEN_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

const DONE: Record<CaseAction, string> = {
  claim: 'Case claimed',
  release: 'Claim released',
  resolve: 'Case resolved: the outcome is recorded',
};

/** Claim, release, resolve; a 409 is shown and the case refetched. */
export function useCaseAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: CaseAction; body?: ResolveCaseRequest }) => actOnCase(id, action, body),
    onSuccess: (item: ModerationCase, { action }) => {
      client.setQueryData(adminKeys.caseItem(id), item);
      notify.success(DONE[action]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(error.message);
    },
    onSettled: async (_item, _error, { action }) => {
      await client.invalidateQueries({ queryKey: adminKeys.cases });
      // Resolving may have removed or restored the content item the case names.
      if (action === 'resolve') await client.invalidateQueries({ queryKey: adminKeys.content });
    },
  });
}
