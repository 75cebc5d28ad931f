import { ComingSoonPage } from '../components/ComingSoonPage';

export function StoresPage() {
  return <ComingSoonPage page="stores" />;
}
