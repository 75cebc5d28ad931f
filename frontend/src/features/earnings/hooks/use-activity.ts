import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { getActivity, markActivityRead } from '../services/activity.service';

const ACTIVITY_KEY = ['earnings', 'activity'] as const;

export function useActivity() {
  return useInfiniteQuery({
    queryKey: ACTIVITY_KEY,
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
}

export function useMarkActivityRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markActivityRead,
    onSettled: () => client.invalidateQueries({ queryKey: ACTIVITY_KEY }),
  });
}
