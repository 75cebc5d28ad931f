import { Button, Group } from '@mantine/core';
import { IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import type { Post } from '../services/posts-types';
import { postTime } from './post-format';

/** How a post is named in its buttons' labels: its first words, else when it was written. */
export function postName(post: Post): string {
  const words = post.text.trim().replace(/\s+/g, ' ');
  if (!words) return `the post from ${postTime(post).full}`;
  return `“${words.length > 40 ? `${words.slice(0, 40)}…` : words}”`;
}

export interface PostActionsProps {
  post: Post;
  pinning: boolean;
  onEdit: () => void;
  onPin: () => void;
  onDelete: () => void;
}

/** The creator's Edit, Pin or Unpin, and Delete on one of their posts. */
export function PostActions({ post, pinning, onEdit, onPin, onDelete }: PostActionsProps) {
  const name = postName(post);
  return (
    <Group gap={4} wrap="nowrap" ml="auto">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPencil size={16} />}
        onClick={onEdit}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={post.pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
        onClick={onPin}
        loading={pinning}
        aria-label={`${post.pinned ? 'Unpin' : 'Pin'} ${name}`}
      >
        {post.pinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={16} />}
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
    </Group>
  );
}
