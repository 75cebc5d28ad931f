import { lazy } from 'react';
import { LaunchPhaseSwitch } from '@/shared/ui/LaunchPhaseSwitch';
import { ComingSoonPage } from '@/features/site';

const StoreDirectoryPage = lazy(async () => ({
  default: (await import('./StoreDirectoryPage')).StoreDirectoryPage,
}));

/** Before launch (and in the prerendered HTML) the placeholder; in the live phase the store directory. */
export function StoresPage() {
  return <LaunchPhaseSwitch prelaunch={<ComingSoonPage page="stores" />} live={<StoreDirectoryPage />} />;
}
