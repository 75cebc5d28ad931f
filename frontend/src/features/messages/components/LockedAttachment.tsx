import { Text } from '@mantine/core';
import { IconLock, IconPhoto, IconVideo } from '@tabler/icons-react';
import type { Attachment } from '../services/messages-types';
import classes from './paid-messages.module.css';

/**
 * A priced attachment the fan has not bought. There is no preview image to blur: a neutral gradient
 * under a blur stands in for it, with the kind of media and a lock on top.
 */
export function LockedAttachment({ attachment }: { attachment: Attachment }) {
  const Glyph = attachment.kind === 'video' ? IconVideo : IconPhoto;
  const label = attachment.kind === 'video' ? 'Video' : 'Photo album';
  return (
    <div className={classes.locked} role="img" aria-label={`Locked ${label.toLowerCase()}`} data-locked>
      <div className={classes.lockedBlur} aria-hidden>
        <Glyph size={64} stroke={1.2} />
      </div>
      <div className={classes.lockedLabel} aria-hidden>
        <IconLock size={18} />
        <Text size="sm" fw={700} c="inherit">
          {label}
        </Text>
      </div>
    </div>
  );
}
