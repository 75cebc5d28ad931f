import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconLock, IconMessageCircle, IconPinnedFilled } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { rememberReturnTo, withNext } from '@/features/auth';
import { CheckoutModal, type CheckoutTarget } from '@/features/purchases';
import { serviceMessage } from '@/shared/api-problems';
import contrast from '@/shared/ui/contrast.module.css';
import { useLikePost } from '../hooks/use-posts';
import type { LikeState, Post } from '../services/posts-types';
import '../posts-styles';
import { CommentsPanel } from './CommentsPanel';
import { audienceLabel, commentsLabel, likesLabel, postTime } from './post-format';
import { PostMediaView } from './PostMediaView';
import classes from './post.module.css';

export interface PostCardProps {
  post: Post;
  /** The viewer wrote it: the audience and review badges show. */
  owner?: boolean;
  /** Signed out, Like and commenting lead to sign in. */
  signedIn?: boolean;
  /** On the store page: a subscribers-only post's button opens the subscription checkout there. */
  onSubscribe?: () => void;
  /** On the store page: no link to the store the visitor is already on. */
  inStore?: boolean;
  /** The creator's Edit, Pin and Delete, at the end of the footer. */
  actions?: ReactNode;
}

function StatusBadges({ post, owner }: { post: Post; owner: boolean }) {
  const badges: ReactNode[] = [];
  if (post.pinned)
    badges.push(
      <Badge key="pinned" variant="default" tt="none" leftSection={<IconPinnedFilled size={12} aria-hidden />}>
        Pinned
      </Badge>,
    );
  if (owner)
    badges.push(
      <Badge
        key="audience"
        variant={post.audience === 'free' ? 'default' : 'outline'}
        color="fanmint"
        tt="none"
        leftSection={post.audience === 'free' ? undefined : <IconLock size={12} aria-hidden />}
      >
        {audienceLabel(post)}
      </Badge>,
    );
  if (post.status === 'in_review')
    badges.push(
      <Badge key="status" variant="light" color="orange" tt="none" classNames={{ label: contrast.orangeOnTint }}>
        In review
      </Badge>,
    );
  if (post.status === 'rejected')
    badges.push(
      <Badge key="status" variant="light" color="red" tt="none">
        Rejected: edit to remove the media
      </Badge>,
    );
  return badges.length > 0 ? <Group gap={6}>{badges}</Group> : null;
}

/** One post: who and when, badges, text, media (or the locked teaser), likes and the comments panel. */
export function PostCard({
  post,
  owner = false,
  signedIn = true,
  onSubscribe,
  inStore = false,
  actions,
}: PostCardProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const like = useLikePost();
  // Shown at once (optimistic); the server's answer, or the post from its list, settles it.
  const [liked, setLiked] = useState<LikeState>({ likes: post.likes, likedByMe: post.likedByMe });
  const [comments, setComments] = useState(post.comments);
  const [open, setOpen] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  useEffect(() => setLiked({ likes: post.likes, likedByMe: post.likedByMe }), [post.likes, post.likedByMe]);
  useEffect(() => setComments(post.comments), [post.comments]);
  const time = postTime(post);
  // Likes and comments open once the post is out (the server answers 409 before).
  const published = post.status === 'published';
  const ids = { store: `post-${post.id}-store`, time: `post-${post.id}-time`, comments: `post-${post.id}-comments` };

  const signIn = () => {
    const here = `${location.pathname}${location.search}`;
    rememberReturnTo(here);
    navigate(withNext('/sign-in', here));
  };

  // The post's own price and currency; back here after the payment page, where the post then opens.
  const unlockTarget: CheckoutTarget | null =
    unlocking && post.priceMinor !== null
      ? {
          kind: 'post',
          postId: post.id,
          storeSlug: post.storeSlug,
          storeName: post.storeName,
          amountMinor: post.priceMinor,
          currency: post.currency,
          returnTo: `${location.pathname}${location.search}`,
        }
      : null;
  const unlock = () => (signedIn ? setUnlocking(true) : signIn());

  const toggleLike = () => {
    if (!signedIn) return signIn();
    if (like.isPending) return;
    const before = liked;
    const next = !before.likedByMe;
    setLiked({ likedByMe: next, likes: Math.max(0, before.likes + (next ? 1 : -1)) });
    like.mutate(
      { id: post.id, liked: next },
      {
        onSuccess: (state) => setLiked(state),
        onError: (error) => {
          setLiked(before);
          notify.error(serviceMessage(error, 'Your like was not saved. Please try again.'));
        },
      },
    );
  };

  return (
    <Card component="article" withBorder radius="lg" padding="md" aria-labelledby={`${ids.store} ${ids.time}`}>
      <Stack gap="sm">
        <Stack gap={0} align="flex-start" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {inStore ? (
            <Text fw={700} id={ids.store}>
              {post.storeName}
            </Text>
          ) : (
            <Anchor component={Link} to={`/stores/${post.storeSlug}`} fw={700} id={ids.store}>
              {post.storeName}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            <time dateTime={time.iso} title={time.full} id={ids.time}>
              {time.relative}
            </time>
            {post.editedAt && ' · Edited'}
          </Text>
        </Stack>
        <StatusBadges post={post} owner={owner} />
        {post.text && <Text className={classes.text}>{post.text}</Text>}
        <PostMediaView post={post} owner={owner} onSubscribe={onSubscribe} inStore={inStore} onUnlock={unlock} />
        <Group gap="xs">
          {published && (
            <>
              <Button
                variant={liked.likedByMe ? 'light' : 'default'}
                color={liked.likedByMe ? 'red' : undefined}
                size="compact-md"
                leftSection={liked.likedByMe ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
                aria-pressed={liked.likedByMe}
                aria-label={`Like (${likesLabel(liked.likes)})`}
                onClick={toggleLike}
              >
                {liked.likes.toLocaleString('en')}
              </Button>
              <Button
                variant="default"
                size="compact-md"
                leftSection={<IconMessageCircle size={18} />}
                aria-expanded={open}
                aria-controls={ids.comments}
                onClick={() => setOpen((value) => !value)}
              >
                {commentsLabel(comments)}
              </Button>
            </>
          )}
          {actions}
        </Group>
        {published && open && (
          <CommentsPanel
            id={ids.comments}
            post={post}
            signedIn={signedIn}
            onSignIn={signIn}
            onCountChange={(delta) => setComments((value) => Math.max(0, value + delta))}
          />
        )}
      </Stack>
      <CheckoutModal target={unlockTarget} referralCode={null} onClose={() => setUnlocking(false)} />
    </Card>
  );
}
