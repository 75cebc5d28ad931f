import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listMassMessages, massAudience, sendMassMessage, unsendMassMessage } from '../services/messages.service';
import type { MassMessage, MassSegment, NewMassMessage } from '../services/messages-types';

export const massKeys = {
  all: ['messages', 'mass'] as const,
  list: ['messages', 'mass', 'list'] as const,
  audience: (segment: MassSegment, contentId: string | null) =>
    ['messages', 'mass', 'audience', segment, contentId] as const,
};

const inFlight = (item: MassMessage) => item.status === 'queued' || item.status === 'sending';

/** The creator's mass messages, newest first; polled while one is still going out. */
export function useMassMessages() {
  return useInfiniteQuery({
    queryKey: massKeys.list,
    queryFn: ({ pageParam }) => listMassMessages(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some(inFlight)) ? 3000 : false),
    retry: false,
  });
}

/** How many fans the segment reaches right now; buyers need the item first. */
export function useAudience(segment: MassSegment | null, contentId: string | null) {
  const ready = segment !== null && (segment !== 'buyers' || Boolean(contentId));
  return useQuery({
    queryKey: massKeys.audience(segment ?? 'subscribers_active', contentId),
    queryFn: () => massAudience(segment!, segment === 'buyers' ? (contentId ?? undefined) : undefined),
    enabled: ready,
    staleTime: 30_000,
  });
}

export function useSendMassMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMassMessage) => sendMassMessage(body),
    onSuccess: () => client.invalidateQueries({ queryKey: massKeys.list }),
  });
}

export function useUnsendMassMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unsendMassMessage(id),
    onSuccess: () => client.invalidateQueries({ queryKey: massKeys.list }),
  });
}
