import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeUserRole, disableUserMfa, searchUsers } from '../services/admin-api';
import type { UserRole } from '../services/admin.types';
import { adminKeys } from './admin-keys';

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: adminKeys.users(q.trim()),
    queryFn: () => searchUsers(q),
    placeholderData: (previous) => previous,
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: UserRole }) => changeUserRole(userId, role),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useDisableMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => disableUserMfa(userId, { reason }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
