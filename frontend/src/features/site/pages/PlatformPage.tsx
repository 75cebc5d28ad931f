import { usePageMeta } from '../../../lib/page-meta';
import { AiFeatures } from '../components/AiFeatures';
import { EarlyAccessShots } from '../components/EarlyAccessShots';
import { NextStepsBand } from '../components/NextStepsBand';
import { PageHeader } from '@/shared/ui/PageHeader';
import { PlatformFeatures } from '../components/PlatformFeatures';
import { PlatformGlance } from '../components/PlatformGlance';
import { fillText } from '../content/fill-text';
import content from '../content/platform.json';

export function PlatformPage() {
  const { meta, header, next } = content;
  usePageMeta({ title: meta.title, description: fillText(meta.description), keywords: meta.keywords });
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={fillText(header.title)} lead={fillText(header.lead)} wide>
        <PlatformGlance />
      </PageHeader>
      <PlatformFeatures audience="creators" />
      <PlatformFeatures audience="fans" />
      <AiFeatures />
      <EarlyAccessShots />
      <NextStepsBand
        title={next.title}
        lead={next.lead}
        links={[
          { label: next.token, to: '/official-token' },
          { label: next.roadmap, to: '/roadmap' },
        ]}
      />
    </>
  );
}
