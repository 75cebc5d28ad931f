import { useInfiniteQuery } from '@tanstack/react-query';
import { listAuditLog } from '../services/admin-api';
import { adminKeys } from './admin-keys';

export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog(action.trim()),
    queryFn: ({ pageParam }) => listAuditLog({ before: pageParam, action }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
