import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { actOnVerification, getVerification, listVerifications, type VerificationAction } from '../services/admin-api';
import type { VerificationDetail, VerificationItem, VerificationStatus } from '../services/admin.types';
import { adminKeys } from './admin-keys';

/** Image URLs live 120 s: a fresh detail (with fresh URLs) well before they run out. */
export const DETAIL_REFRESH_MS = 100_000;
const QUEUE_REFRESH_MS = 30_000;

export function useVerificationList(status: VerificationStatus) {
  return useQuery({
    queryKey: adminKeys.verificationList(status),
    queryFn: () => listVerifications(status),
    // Claims change while the queue is open; decided lists only change by our own actions.
    refetchInterval: status === 'processing' ? QUEUE_REFRESH_MS : false,
  });
}

export function useVerificationDetail(id: string) {
  return useQuery({
    queryKey: adminKeys.verification(id),
    queryFn: () => getVerification(id),
    refetchInterval: DETAIL_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}

const DONE: Record<VerificationAction, string> = {
  claim: 'Submission claimed',
  release: 'Claim released',
  accept: 'Verification accepted',
  reject: 'Verification rejected',
};

/** Claim, release, accept, reject. A 409 (someone else's claim, lapsed claim) is shown and the data refetched. */
export function useVerificationAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: VerificationAction; reason?: string }) =>
      actOnVerification(id, action, reason),
    onSuccess: (item: VerificationItem, { action }) => {
      client.setQueryData<VerificationDetail>(adminKeys.verification(id), (old) => (old ? { ...old, ...item } : old));
      notify.success(DONE[action]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(error.message);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.verifications }),
  });
}
