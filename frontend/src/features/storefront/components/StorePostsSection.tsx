import { IconCloudOff, IconNews } from '@tabler/icons-react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { PostList, type PostPages } from '@/features/posts';
import { errorMessage } from '@/shared/api-problems';
import { StateMessage } from '@/shared/ui/StateMessage';
import { isAccountRequired, type PublicStore } from '../services/storefront.service';
import { AccountRequired } from './AccountRequired';

export interface StorePostsSectionProps {
  store: PublicStore;
  posts: UseInfiniteQueryResult<PostPages>;
  signedIn: boolean;
  /** The store's Subscribe (its checkout, or sign-up first); null when there is none to offer. */
  onSubscribe: (() => void) | null;
}

/** The store's posts, pinned first, with "Load more". */
export function StorePostsSection({ store, posts, signedIn, onSubscribe }: StorePostsSectionProps) {
  const navigate = useNavigate();
  const owner = Boolean(store.isOwner);
  const empty = owner ? (
    <StateMessage
      icon={IconNews}
      title="You have not posted yet"
      action={{ label: 'Write a post', onClick: () => navigate('/dashboard/posts') }}
    >
      Posts show here and in the feed of every fan who follows or subscribes to your store.
    </StateMessage>
  ) : (
    <StateMessage icon={IconNews} title="No posts yet">
      {store.displayName} has not posted yet. Add the store to your favourites to see new posts in your feed.
    </StateMessage>
  );
  return (
    <section aria-labelledby="store-posts-title">
      <Title order={2} id="store-posts-title" fz={{ base: 22, sm: 26 }} mb="md">
        Posts
      </Title>
      <PostList
        query={posts}
        label={`Posts by ${store.displayName}`}
        empty={empty}
        errorTitle="Posts could not be loaded"
        renderError={(error) =>
          isAccountRequired(error) ? (
            <AccountRequired message={errorMessage(error)} />
          ) : (
            <StateMessage
              icon={IconCloudOff}
              title="Posts could not be loaded"
              color="red"
              action={{ label: 'Try again', onClick: () => void posts.refetch() }}
            >
              {errorMessage(error)}
            </StateMessage>
          )
        }
        owner={() => owner}
        signedIn={signedIn}
        inStore
        onSubscribe={onSubscribe ?? undefined}
      />
    </section>
  );
}
