import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ContactChannels } from '../components/ContactChannels';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReportTimes } from '../components/ReportTimes';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';

export function ContactPage() {
  const { meta, eyebrow, title, lead, faq } = content.contact;
  usePageMeta({ title: meta.title, description: fillText(meta.description), keywords: meta.keywords });
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead}>
        <Anchor component={Link} to="/faq" fw={600} style={{ alignSelf: 'flex-start' }}>
          {faq}
        </Anchor>
      </PageHeader>
      <ContactChannels />
      <ReportTimes />
    </>
  );
}
