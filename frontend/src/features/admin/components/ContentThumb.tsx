import { Box } from '@mantine/core';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContentItem } from '../services/admin.types';

const SIZE = 48;

/** The first file's thumbnail in a queue row (an icon when there is none or its link has lapsed). */
export function ContentThumb({ item }: { item: ContentItem }) {
  const src = item.media.find((media) => media.thumbnailUrl)?.thumbnailUrl ?? null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const Icon = item.kind === 'video' ? IconMovie : IconPhoto;
  return (
    <Box
      w={SIZE}
      h={SIZE}
      style={{
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        borderRadius: 4,
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      {src && failedSrc !== src ? (
        <img
          src={src}
          alt=""
          referrerPolicy="no-referrer"
          loading="lazy"
          width={SIZE}
          height={SIZE}
          style={{ objectFit: 'cover', display: 'block' }}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <Icon size={20} stroke={1.5} aria-hidden />
      )}
    </Box>
  );
}
