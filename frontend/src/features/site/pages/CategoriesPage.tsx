import { ComingSoonPage } from '../components/ComingSoonPage';

export function CategoriesPage() {
  return <ComingSoonPage page="categories" />;
}
