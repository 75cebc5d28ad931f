import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearSitePassword, getSitePassword, setSitePassword } from '../services/admin-api';
import { adminKeys } from './admin-keys';

export function useSitePasswordStatus() {
  return useQuery({ queryKey: adminKeys.sitePassword, queryFn: getSitePassword });
}

export function useSetSitePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => setSitePassword({ password }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.sitePassword }),
  });
}

export function useClearSitePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearSitePassword,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.sitePassword }),
  });
}
