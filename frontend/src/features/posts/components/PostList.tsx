import { Button, Card, Center, Skeleton, Stack } from '@mantine/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/shared/ui/LoadError';
import { postsOf, type PostPages } from '../hooks/use-posts';
import type { Post } from '../services/posts-types';
import { PostCard, type PostCardProps } from './PostCard';

export interface PostListProps extends Omit<PostCardProps, 'post' | 'actions' | 'owner'> {
  query: UseInfiniteQueryResult<PostPages>;
  /** The list's accessible name. */
  label: string;
  /** Shown when there are no posts. */
  empty: ReactNode;
  /** The error state's title, or the whole error state (e.g. the store's "sign in to see adult content"). */
  errorTitle: string;
  renderError?: (error: Error) => ReactNode;
  /** Whether the viewer wrote the post (audience and review badges). */
  owner?: (post: Post) => boolean;
  actions?: (post: Post) => ReactNode;
}

function PostSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Stack gap="sm">
        <Skeleton height={14} width="30%" />
        <Skeleton height={12} width="20%" />
        <Skeleton height={14} width="90%" />
        <Skeleton height={180} />
      </Stack>
    </Card>
  );
}

/** Posts, one under the other, with "Load more" for the next page. */
export function PostList({ query, label, empty, errorTitle, renderError, owner, actions, ...card }: PostListProps) {
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label={label}>
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  if (query.isError && !query.data)
    return renderError?.(query.error) ?? <LoadError title={errorTitle} onRetry={() => void query.refetch()} />;
  const posts = postsOf(query.data);
  if (posts.length === 0) return empty;
  return (
    <Stack gap="md">
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} owner={owner?.(post) ?? false} actions={actions?.(post)} {...card} />
          </li>
        ))}
      </Stack>
      {query.isFetchNextPageError && (
        <LoadError title="More posts could not be loaded" onRetry={() => void query.fetchNextPage()} />
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
