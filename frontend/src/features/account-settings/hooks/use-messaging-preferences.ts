import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMessagingPreferences, saveMessagingPreferences } from '../services/messaging-preferences.service';

const KEY = ['messages', 'preferences'];

export function useMessagingPreferences() {
  return useQuery({ queryKey: KEY, queryFn: fetchMessagingPreferences });
}

export function useSaveMessagingPreferences() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveMessagingPreferences, onSuccess: (saved) => client.setQueryData(KEY, saved) });
}
