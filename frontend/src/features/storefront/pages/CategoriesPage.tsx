import { lazy } from 'react';
import { LaunchPhaseSwitch } from '@/shared/ui/LaunchPhaseSwitch';
import { ComingSoonPage } from '@/features/site';

const CategoryDirectoryPage = lazy(async () => ({
  default: (await import('./CategoryDirectoryPage')).CategoryDirectoryPage,
}));

/** Before launch (and in the prerendered HTML) the placeholder; in the live phase the categories with their stores. */
export function CategoriesPage() {
  return <LaunchPhaseSwitch prelaunch={<ComingSoonPage page="categories" />} live={<CategoryDirectoryPage />} />;
}
