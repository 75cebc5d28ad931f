import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { usePlatformConfig } from '../../../lib/platform-config';
import { LockedPreviewPage } from '../pages/LockedPreviewPage';
import type { LockedPreviewKey } from '../preview-content';

/** Live: the working page. Pre-launch, or while the phase is unknown: the locked preview of the route. */
export function LivePhaseSwitch({ preview, children }: { preview: LockedPreviewKey; children: ReactNode }) {
  const config = usePlatformConfig();
  useEffect(() => {
    if (config.isError) console.error('Could not fetch the platform config', config.error);
  }, [config.isError, config.error]);

  if (config.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return config.data?.launchPhase === 'live' ? children : <LockedPreviewPage preview={preview} />;
}
