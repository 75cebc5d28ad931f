import { Badge, Button, Text } from '@mantine/core';
import { IconLock, IconMovie, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { MediaReview, Post, PostFile } from '../services/posts-types';
import { mediaSummary, postPrice } from './post-format';
import classes from './post.module.css';

/** What the creator's own view marks on a file whose item is not approved (the card's badge says what to do). */
const REVIEW_LABELS: Partial<Record<MediaReview, string>> = {
  pending_review: 'In review',
  rejected: 'Rejected',
  removed: 'Removed',
};

interface Tile {
  file: PostFile;
  review: MediaReview;
}

interface FileTileProps {
  tile: Tile;
  index: number;
  total: number;
  owner: boolean;
  component?: 'li' | 'div';
}

function FileTile({ tile, index, total, owner, component: Root = 'li' }: FileTileProps) {
  const { file, review } = tile;
  const badge = owner ? REVIEW_LABELS[review] : undefined;
  const src = file.fileUrl ?? file.previewUrl ?? file.thumbnailUrl;
  let body;
  if (file.type === 'video' && file.fileUrl) {
    body = (
      <video
        className={classes.video}
        controls
        preload="metadata"
        playsInline
        poster={file.thumbnailUrl ?? undefined}
        src={file.fileUrl}
        aria-label={total > 1 ? `Video ${index + 1} of ${total}` : 'Video'}
      />
    );
  } else if (src) {
    // A video without its file link shows its thumbnail; a photo its largest size available.
    const noun = file.type === 'video' ? 'Video' : 'Photo';
    body = (
      <img src={src} alt={total > 1 ? `${noun} ${index + 1} of ${total}` : noun} loading="lazy" decoding="async" />
    );
  } else {
    const Glyph = file.type === 'video' ? IconMovie : IconPhoto;
    body = (
      <div className={classes.placeholder} role="img" aria-label={file.type === 'video' ? 'Video' : 'Photo'}>
        <Glyph size={36} stroke={1.4} aria-hidden />
      </div>
    );
  }
  return (
    <Root className={classes.tile}>
      {body}
      {badge && (
        <Badge className={classes.tileBadge} color="dark" variant="filled" tt="none" size="sm">
          {badge}
        </Badge>
      )}
    </Root>
  );
}

export interface LockedTeaserProps {
  post: Post;
  /** On the store page: subscribing right there (its checkout) instead of a link to the store. */
  onSubscribe?: () => void;
  /** The store page itself: no link back to it. */
  inStore?: boolean;
  /** A pay-to-unlock post: opens its checkout (or the sign-in first). */
  onUnlock?: () => void;
}

/** A post the viewer may not open: the blurred teaser, a lock and what opens it. */
function LockedTeaser({ post, onSubscribe, inStore, onUnlock }: LockedTeaserProps) {
  const files = post.media.flatMap((media) => media.files);
  const teaser = files.find((file) => file.blurredUrl)?.blurredUrl ?? null;
  const summary = mediaSummary(files);
  const subscribe = post.access === 'subscribe';
  let action = null;
  if (subscribe && onSubscribe)
    action = (
      <Button variant="white" size="sm" onClick={onSubscribe}>
        Subscribe to see this post
      </Button>
    );
  else if (subscribe && !inStore)
    action = (
      <Button variant="white" size="sm" component={Link} to={`/stores/${post.storeSlug}`}>
        Subscribe to see this post
      </Button>
    );
  else if (!subscribe && onUnlock)
    action = (
      <Button variant="white" size="sm" onClick={onUnlock}>
        Unlock for {postPrice(post)}
      </Button>
    );
  return (
    <div className={classes.locked} data-locked>
      {teaser && <img src={teaser} alt="" loading="lazy" decoding="async" />}
      <div className={classes.veil}>
        <span className={classes.lockIcon} aria-hidden>
          <IconLock size={22} />
        </span>
        <Text fw={700} c="inherit" fz="lg">
          {subscribe ? 'Subscribers only' : `Pay ${postPrice(post)} to unlock`}
        </Text>
        {summary && (
          <Text size="sm" c="inherit">
            {summary}
          </Text>
        )}
        {action}
      </div>
    </div>
  );
}

/** A post's photos and videos: open for who may see them, else the locked teaser. */
export function PostMediaView({ post, owner, ...locked }: LockedTeaserProps & { owner: boolean }) {
  if (post.media.length === 0) return null;
  if (post.access !== 'open') return <LockedTeaser post={post} {...locked} />;
  const tiles: Tile[] = post.media.flatMap((media) => media.files.map((file) => ({ file, review: media.status })));
  if (tiles.length === 0) return null;
  // A video takes the full width; photos share a grid.
  const videos = tiles.filter((tile) => tile.file.type === 'video');
  const photos = tiles.filter((tile) => tile.file.type !== 'video');
  return (
    <>
      {videos.map((tile, index) => (
        <div key={tile.file.mediaId} className={classes.gallery} data-count="one">
          <FileTile tile={tile} index={index} total={videos.length} owner={owner} component="div" />
        </div>
      ))}
      {photos.length > 0 && (
        <ul className={classes.gallery} data-count={photos.length === 1 ? 'one' : 'many'} aria-label="Photos">
          {photos.map((tile, index) => (
            <FileTile key={tile.file.mediaId} tile={tile} index={index} total={photos.length} owner={owner} />
          ))}
        </ul>
      )}
    </>
  );
}
