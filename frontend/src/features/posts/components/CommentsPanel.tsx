import { Alert, Anchor, Box, Button, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconEye, IconEyeOff, IconMessageOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { serviceMessage } from '@/shared/api-problems';
import { formatDateTime, formatRelative } from '@/shared/format';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import readable from '@/shared/ui/readable-errors.module.css';
import { useCommentActions, useComments } from '../hooks/use-comments';
import { POST_LIMITS, type Post, type PostComment } from '../services/posts-types';
import classes from './post.module.css';

function CommentItem({
  comment,
  busy,
  onHide,
  onDelete,
}: {
  comment: PostComment;
  busy: boolean;
  onHide: (hidden: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <Box component="li" className={classes.comment} data-hidden={comment.hidden || undefined}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {comment.authorName}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={comment.createdAt}
              title={formatDateTime(comment.createdAt)}
            >
              {formatRelative(comment.createdAt)}
            </Text>
            {comment.hidden && (
              <Group gap={4} wrap="nowrap">
                <IconEyeOff size={14} aria-hidden />
                <Text size="xs" c="dimmed">
                  {comment.canModerate ? 'Hidden from fans' : 'Hidden: only you and the creator see it'}
                </Text>
              </Group>
            )}
          </Group>
          <Text size="sm" className={classes.text}>
            {comment.text}
          </Text>
        </Stack>
        {(comment.canModerate || comment.mine) && (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {comment.canModerate && (
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                leftSection={comment.hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
                disabled={busy}
                onClick={() => onHide(!comment.hidden)}
                aria-label={`${comment.hidden ? 'Unhide' : 'Hide'} the comment by ${comment.authorName}`}
              >
                {comment.hidden ? 'Unhide' : 'Hide'}
              </Button>
            )}
            <Button
              variant="subtle"
              size="compact-xs"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={busy}
              onClick={onDelete}
              aria-label={comment.mine ? 'Delete your comment' : `Delete the comment by ${comment.authorName}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
    </Box>
  );
}

export interface CommentsPanelProps {
  id: string;
  post: Post;
  signedIn: boolean;
  onSignIn: () => void;
  onCountChange: (delta: number) => void;
}

/** A post's comments, oldest first, with "Load more", the comment box and the creator's Hide and Delete. */
export function CommentsPanel({ id, post, signedIn, onSignIn, onCountChange }: CommentsPanelProps) {
  const comments = useComments(post.id, true);
  const { add, remove, hide } = useCommentActions(post.id, onCountChange);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<PostComment | null>(null);
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  const tooLong = text.length > POST_LIMITS.commentMax;
  const fail = (fallback: string) => (error: unknown) => notify.error(serviceMessage(error, fallback));

  const send = () => {
    const body = text.trim();
    if (!body || tooLong) return;
    add.mutate(body, { onSuccess: () => setText(''), onError: fail('Your comment was not posted. Please try again.') });
  };

  let body;
  if (comments.isPending) {
    body = (
      <Center py="sm">
        <Loader size="sm" role="status" aria-label="Loading comments" />
      </Center>
    );
  } else if (comments.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{serviceMessage(comments.error, 'The comments could not be loaded.')}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  } else if (list.length === 0) {
    body = post.commentsEnabled ? (
      <Text size="sm" c="dimmed">
        No comments yet.
      </Text>
    ) : null;
  } else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments">
        {list.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            busy={
              (hide.isPending && hide.variables?.commentId === comment.id) ||
              (remove.isPending && remove.variables === comment.id)
            }
            onHide={(hidden) =>
              hide.mutate(
                { commentId: comment.id, hidden },
                { onError: fail('The comment could not be changed. Please try again.') },
              )
            }
            onDelete={() => setDeleting(comment)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" id={id} component="section" aria-label={`Comments on the post by ${post.storeName}`}>
      {body}
      {comments.hasNextPage && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          Load more comments
        </Button>
      )}
      {!post.commentsEnabled ? (
        <Group gap={6}>
          <IconMessageOff size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            Comments are turned off
          </Text>
        </Group>
      ) : signedIn ? (
        <Stack gap="xs" className={readable.readableErrors}>
          <Textarea
            label="Your comment"
            placeholder="Write a comment"
            autosize
            minRows={2}
            maxRows={6}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={tooLong ? `A comment has at most ${POST_LIMITS.commentMax.toLocaleString('en')} characters` : null}
            description={`${text.length.toLocaleString('en')} / ${POST_LIMITS.commentMax.toLocaleString('en')}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group justify="flex-end">
            <Button size="sm" onClick={send} loading={add.isPending} disabled={!text.trim() || tooLong}>
              Comment
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm">
          <Anchor component="button" type="button" onClick={onSignIn} fw={600} underline="always" inherit>
            Sign in
          </Anchor>{' '}
          to like and comment.
        </Text>
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              fail('The comment could not be deleted. Please try again.')(error);
            },
          })
        }
      >
        <Text size="sm">It is removed for everyone. This cannot be undone.</Text>
      </ConfirmModal>
    </Stack>
  );
}
