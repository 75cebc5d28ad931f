import { Badge, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import { percentOf, type Attachment, type AttachmentStatus } from '../hooks/use-post-attachments';
import type { MediaReview } from '../services/posts-types';
import classes from './post.module.css';

const STATUS_TEXT: Record<AttachmentStatus, string> = {
  creating: 'Starting…',
  uploading: 'Uploading',
  reconnecting: 'Connection lost: reconnecting…',
  processing: 'Processing…',
  ready: 'Uploaded: reviewed before anyone sees it',
  failed: 'Failed',
};

const REVIEW_TEXT: Record<MediaReview, string> = {
  draft: 'Not sent for review yet',
  pending_review: 'In review',
  approved: 'Approved',
  rejected: 'Remove it to publish the post.',
  removed: 'Remove it to publish the post.',
};

/** 'Video' or '3 photos' (new items by their file name when there is one file). */
export function attachmentLabel(attachment: Attachment): string {
  if (attachment.review) return attachment.kind === 'video' ? 'Video' : `Album of ${attachment.files.length} photos`;
  if (attachment.files.length === 1) return attachment.files[0].name;
  return `${attachment.files.length} photos`;
}

/** An item of the post being written: its thumbnail, progress, and where it stands. */
export function AttachmentRow({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const label = attachmentLabel(attachment);
  const { status, review } = attachment;
  const thumbnail = attachment.thumbnail ?? attachment.files.find((file) => file.preview)?.preview ?? null;
  const Glyph = attachment.kind === 'video' ? IconMovie : IconPhoto;
  const percent = percentOf(attachment);
  const moving = status === 'uploading' || status === 'reconnecting' || status === 'creating';
  return (
    <Paper withBorder radius="md" p="xs" component="li">
      <Group wrap="nowrap" gap="sm" align="center">
        <div className={classes.attachmentThumb}>
          {thumbnail ? <img src={thumbnail} alt="" /> : <Glyph size={24} stroke={1.5} aria-hidden />}
        </div>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end" title={label}>
              {label}
            </Text>
            {review === 'rejected' && (
              <Badge color="red" variant="light" tt="none" size="sm">
                Rejected
              </Badge>
            )}
            {review === 'removed' && (
              <Badge color="gray" variant="light" tt="none" size="sm">
                Removed
              </Badge>
            )}
          </Group>
          {review ? (
            <Text size="xs" c="dimmed">
              {REVIEW_TEXT[review]}
            </Text>
          ) : (
            <>
              {moving && (
                <Progress value={percent} size="sm" aria-label={`Upload progress of ${label}`} striped animated />
              )}
              {status === 'failed' ? (
                <Text size="xs" c="var(--mantine-color-error)" role="alert">
                  {attachment.message}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" aria-live="polite">
                  {STATUS_TEXT[status]}
                  {moving && status !== 'creating' ? ` · ${percent}%` : ''}
                </Text>
              )}
            </>
          )}
        </Stack>
        <CloseButton aria-label={`Remove ${label}`} onClick={onRemove} />
      </Group>
    </Paper>
  );
}
