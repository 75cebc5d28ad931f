import { fillBrand } from '../../../lib/site';
import { usePageMeta } from '../../../lib/page-meta';
import { ExploreCards } from '../components/ExploreCards';
import { HomeHero } from '../components/HomeHero';
import { HowItWorks } from '../components/HowItWorks';
import { TargetsSection } from '../components/TargetsSection';
import { TokenBanner } from '../components/TokenBanner';
import content from '../content/home.json';

export function HomePage() {
  const { title, description, keywords } = content.meta;
  usePageMeta({ title, description: fillBrand(description), keywords });
  return (
    <>
      <TokenBanner />
      <HomeHero />
      <TargetsSection />
      <HowItWorks />
      <ExploreCards />
    </>
  );
}
