import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  createPost,
  deletePost,
  getMyStore,
  listFeed,
  listMyPosts,
  listStorePosts,
  setLiked,
  setPinned,
  updatePost,
} from '../services/posts.service';
import type { NewPost, Post, PostPage, PostPatch } from '../services/posts-types';

/** Every list of posts sits under `lists`, so one change to a post reaches each list that holds it. */
export const postKeys = {
  lists: ['posts', 'list'] as const,
  mine: ['posts', 'list', 'mine'] as const,
  /** Signed in or not: the server answers a store's posts differently (locked or open). */
  store: (slug: string, signedIn: boolean) => ['posts', 'list', 'store', slug, signedIn] as const,
  feed: ['posts', 'list', 'feed'] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
  myStore: ['posts', 'my-store'] as const,
};

export type PostPages = InfiniteData<PostPage, string | null>;

function usePostPages(key: readonly unknown[], fetch: (cursor: string | null) => Promise<PostPage>, enabled = true) {
  return useInfiniteQuery<PostPage, Error, PostPages, readonly unknown[], string | null>({
    queryKey: key,
    queryFn: ({ pageParam }) => fetch(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export const useMyPosts = (enabled = true) => usePostPages(postKeys.mine, listMyPosts, enabled);

export const useStorePosts = (slug: string, signedIn: boolean, enabled = true) =>
  usePostPages(postKeys.store(slug, signedIn), (cursor) => listStorePosts(slug, cursor), enabled);

export const useFeed = () => usePostPages(postKeys.feed, listFeed);

/** The posts of every loaded page, in order. */
export const postsOf = (data: PostPages | undefined): Post[] => data?.pages.flatMap((page) => page.posts) ?? [];

/** Changes a post in every list that holds it; `null` takes it out. */
export function patchPost(client: QueryClient, id: string, change: (post: Post) => Post | null) {
  client.setQueriesData<PostPages>(
    { queryKey: postKeys.lists },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          posts: page.posts.flatMap((post) => {
            if (post.id !== id) return [post];
            const changed = change(post);
            return changed ? [changed] : [];
          }),
        })),
      },
  );
}

export const useMyStore = () => useQuery({ queryKey: postKeys.myStore, queryFn: getMyStore, staleTime: 60_000 });

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPost) => createPost(body),
    onSuccess: () => client.invalidateQueries({ queryKey: postKeys.lists }),
  });
}

export function useUpdatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PostPatch }) => updatePost(id, patch),
    onSuccess: (saved) => patchPost(client, saved.id, () => saved),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePost(id),
    onSuccess: (_answer, id) => patchPost(client, id, () => null),
  });
}

export function usePinPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => setPinned(id, pinned),
    onSuccess: (saved) => {
      patchPost(client, saved.id, () => saved);
      // A store's first page lists pinned posts first: its order changed.
      void client.invalidateQueries({ queryKey: ['posts', 'list', 'store'] });
    },
  });
}

/** PUT or DELETE the viewer's like; the answer's count is written to every list holding the post. */
export function useLikePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => setLiked(id, liked),
    onSuccess: (state, { id }) => patchPost(client, id, (post) => ({ ...post, ...state })),
  });
}
