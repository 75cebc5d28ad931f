import { usePlatformConfig } from '../../../lib/platform-config';
import type { LockedPreviewKey } from '../preview-content';
import { LockedPreviewPage } from './LockedPreviewPage';

/** A preview route with no live page behind it: after launch it reads as coming, not as locked until launch. */
export function PhasedPreviewPage({ preview }: { preview: LockedPreviewKey }) {
  const live = usePlatformConfig().data?.launchPhase === 'live';
  return <LockedPreviewPage preview={preview} live={live} />;
}
