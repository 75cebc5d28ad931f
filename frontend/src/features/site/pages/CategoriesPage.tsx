import { lazy } from 'react';
import { LaunchPhaseSwitch } from '../../storefront/components/LaunchPhaseSwitch';
import { ComingSoonPage } from '../components/ComingSoonPage';

const CategoryDirectoryPage = lazy(async () => ({
  default: (await import('../../storefront/pages/CategoryDirectoryPage')).CategoryDirectoryPage,
}));

/** Before launch (and in the prerendered HTML) the placeholder; in the live phase the categories with their stores. */
export function CategoriesPage() {
  return <LaunchPhaseSwitch prelaunch={<ComingSoonPage page="categories" />} live={<CategoryDirectoryPage />} />;
}
