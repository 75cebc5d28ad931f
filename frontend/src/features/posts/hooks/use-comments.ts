import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { addComment, deleteComment, listComments, setCommentHidden } from '../services/posts.service';
import type { CommentPage, PostComment } from '../services/posts-types';
import { patchPost, postKeys } from './use-posts';

type CommentPages = InfiniteData<CommentPage, string | null>;

/** A post's comments, oldest first; loaded when the panel opens. */
export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam }) => listComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** Adds, hides, unhides and deletes comments, keeping the loaded pages and the post's count in step. */
export function useCommentActions(postId: string, onCountChange: (delta: number) => void) {
  const client = useQueryClient();
  const key = postKeys.comments(postId);
  const edit = (change: (comments: PostComment[], isLast: boolean) => PostComment[]) =>
    client.setQueryData<CommentPages>(
      key,
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page, index) => ({
            ...page,
            comments: change(page.comments, index === data.pages.length - 1),
          })),
        },
    );
  const count = (delta: number) => {
    patchPost(client, postId, (post) => ({ ...post, comments: Math.max(0, post.comments + delta) }));
    onCountChange(delta);
  };

  const add = useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: (comment) => {
      // Oldest first: a new comment ends the last page (one not loaded yet will bring it along).
      const data = client.getQueryData<CommentPages>(key);
      if (data && !data.pages.at(-1)?.nextCursor)
        edit((comments, isLast) => (isLast ? [...comments, comment] : comments));
      count(1);
    },
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: (_answer, commentId) => {
      edit((comments) => comments.filter((comment) => comment.id !== commentId));
      count(-1);
    },
  });
  const hide = useMutation({
    mutationFn: ({ commentId, hidden }: { commentId: string; hidden: boolean }) =>
      setCommentHidden(postId, commentId, hidden),
    onSuccess: (saved) => edit((comments) => comments.map((comment) => (comment.id === saved.id ? saved : comment))),
  });
  return { add, remove, hide };
}
