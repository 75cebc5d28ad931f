import type { ContentMedia } from '../services/admin.types';
import { formatBytes, formatClipLength } from '../services/moderation-labels';

/** '1920×1080 · 2:31 · 84.2 MB · mp4' */
export function mediaFacts(media: ContentMedia): string {
  const parts: string[] = [];
  if (media.width && media.height) parts.push(`${media.width}×${media.height}`);
  if (media.durationSeconds !== null) parts.push(formatClipLength(media.durationSeconds));
  parts.push(formatBytes(media.sizeBytes));
  if (media.format) parts.push(media.format);
  return parts.join(' · ');
}

/** Why a file has nothing to show yet. */
export function notReadyText(media: ContentMedia): string {
  if (media.status === 'failed') return `Processing failed${media.error ? `: ${media.error}` : ''}`;
  if (media.status === 'uploaded') return 'Still processing';
  return 'No preview available';
}
