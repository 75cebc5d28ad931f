import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  chooseCover,
  chooseTeaser,
  createContent,
  getContent,
  isProcessing,
  listMyContent,
  removeMedia,
  reorderMedia,
  submitContent,
  updateContent,
  type ContentFields,
  type ContentItem,
  type ContentKind,
  type Teaser,
} from '../services/content.service';

export const contentKeys = {
  mine: ['creator-studio', 'content'] as const,
  item: (id: string) => ['creator-studio', 'content', id] as const,
};

/** While the worker processes a file the item is asked for again every 2 s. */
export const PROCESSING_POLL_MS = 2000;
/** Thumbnail links are signed for ten minutes: the list renews them before they expire. */
const LINK_RENEW_MS = 5 * 60_000;

export function useMyContent(kind: ContentKind) {
  return useQuery({
    queryKey: contentKeys.mine,
    queryFn: listMyContent,
    select: (items) => items.filter((item) => item.kind === kind),
    refetchInterval: (query) => (query.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : LINK_RENEW_MS),
  });
}

export function useContentItem(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: contentKeys.item(id ?? ''),
    queryFn: () => getContent(id as string),
    enabled: Boolean(id),
    placeholderData: () => client.getQueryData<ContentItem[]>(contentKeys.mine)?.find((item) => item.id === id),
    refetchInterval: (query) => (query.state.data && isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}

/** Puts an item the server returned into the item cache and the list. */
function remember(client: QueryClient, item: ContentItem) {
  client.setQueryData(contentKeys.item(item.id), item);
  client.setQueryData<ContentItem[]>(contentKeys.mine, (items) => {
    if (!items) return items;
    return items.some((other) => other.id === item.id)
      ? items.map((other) => (other.id === item.id ? item : other))
      : [item, ...items];
  });
}

/** After a file finished uploading: the item now lists it (processing). */
export function refreshContent(client: QueryClient, id: string) {
  void client.invalidateQueries({ queryKey: contentKeys.item(id) });
  void client.invalidateQueries({ queryKey: contentKeys.mine, exact: true });
}

export function useCreateContent(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: ContentFields) => createContent(kind, fields),
    onSuccess: (item) => remember(client, item),
  });
}

export function useUpdateContent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: ContentFields) => updateContent(id, fields),
    onSuccess: (item) => remember(client, item),
  });
}

/** Takes a file out of a draft or rejected item (e.g. a failed video, to upload another). */
export function useRemoveMedia(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => removeMedia(id, mediaId),
    onSuccess: (item) => remember(client, item),
    onError: () => refreshContent(client, id),
  });
}

export function useSubmitContent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => submitContent(id),
    onSuccess: (item) => remember(client, item),
    // 409: the server sees the item or its files differently; show them as they are.
    onError: () => refreshContent(client, id),
  });
}

/** Shows the new order at once; the server's answer (or, on failure, its current view) replaces it. */
export function useReorderMedia(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mediaIds: string[]) => reorderMedia(id, mediaIds),
    onMutate: (mediaIds) => {
      const item = client.getQueryData<ContentItem>(contentKeys.item(id));
      if (!item) return;
      const byId = new Map(item.media.map((file) => [file.id, file]));
      const media = mediaIds.map((mediaId) => byId.get(mediaId)).filter((file) => file !== undefined);
      let next = 0;
      client.setQueryData(contentKeys.item(id), {
        ...item,
        media: media.map((file) => ({ ...file, number: file.status === 'ready' ? ++next : null })),
      });
    },
    onSuccess: (item) => remember(client, item),
    onError: () => refreshContent(client, id),
  });
}

export function useChooseCover(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => chooseCover(id, mediaId),
    onSuccess: (item) => remember(client, item),
    onError: () => refreshContent(client, id),
  });
}

export function useChooseTeaser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (teaser: Teaser) => chooseTeaser(id, teaser),
    onSuccess: (item) => remember(client, item),
    onError: () => refreshContent(client, id),
  });
}
