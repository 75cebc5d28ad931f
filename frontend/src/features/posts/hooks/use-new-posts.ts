import { useEffect, useState } from 'react';
import { joinPrivate } from '../../../lib/realtime';

/** What the server sends on `posts:<creator id>` when one of the creator's posts is published. */
export interface PostPublishedEvent {
  postId: string;
  creatorId: string;
  publishedAt: string;
}

/**
 * Listens on the `posts:` topics of the given creators (the feed's stores) and counts the posts
 * published since the list was loaded; `reset` once the list is loaded again.
 */
export function useNewPosts(creatorIds: readonly string[] | undefined, shown: ReadonlySet<string>) {
  const [fresh, setFresh] = useState<string[]>([]);
  const key = (creatorIds ?? []).join(',');
  useEffect(() => {
    if (!key) return undefined;
    const leave = key.split(',').map((creatorId) =>
      joinPrivate(`posts:${creatorId}`, (channel) => {
        channel.on('broadcast', { event: 'post.published' }, ({ payload }) => {
          const postId = (payload as PostPublishedEvent).postId;
          setFresh((known) => (known.includes(postId) ? known : [...known, postId]));
        });
      }),
    );
    return () => leave.forEach((off) => off());
  }, [key]);
  const unseen = fresh.filter((postId) => !shown.has(postId));
  return { count: unseen.length, reset: () => setFresh([]) };
}
