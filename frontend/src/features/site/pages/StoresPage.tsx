import { lazy } from 'react';
import { LaunchPhaseSwitch } from '../../storefront/components/LaunchPhaseSwitch';
import { ComingSoonPage } from '../components/ComingSoonPage';

const StoreDirectoryPage = lazy(async () => ({
  default: (await import('../../storefront/pages/StoreDirectoryPage')).StoreDirectoryPage,
}));

/** Before launch (and in the prerendered HTML) the placeholder; in the live phase the store directory. */
export function StoresPage() {
  return <LaunchPhaseSwitch prelaunch={<ComingSoonPage page="stores" />} live={<StoreDirectoryPage />} />;
}
