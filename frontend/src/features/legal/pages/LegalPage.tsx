import { Container, Divider, Stack, Typography } from '@mantine/core';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { fillBrand } from '../../../lib/site';
import { LegalBanner } from '../components/LegalBanner';
import { LegalHighlights } from '../components/LegalHighlights';
import { LegalTocDisclosure, LegalTocSidebar } from '../components/LegalToc';
import { RelatedDocuments } from '../components/RelatedDocuments';
import { LEGAL_DOCUMENTS, type LegalDocumentId } from '../content/documents';
import { addHeadingAnchors } from '../lib/heading-anchors';
import classes from '../components/Legal.module.css';

export type { LegalDocumentId };

/** Opens at the top, or at the section named in the URL hash (e.g. /terms#16-the-token-and-rewards). */
function useScrollOnOpen(doc: LegalDocumentId) {
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const section = hash ? document.getElementById(hash) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [doc]);
}

export function LegalPage({ doc }: { doc: LegalDocumentId }) {
  const legalDoc = LEGAL_DOCUMENTS[doc];
  const { html, headings } = useMemo(() => addHeadingAnchors(fillBrand(legalDoc.html)), [legalDoc]);
  const navigate = useNavigate();
  usePageMeta({ title: legalDoc.title, description: fillBrand(legalDoc.description), keywords: legalDoc.keywords });
  useScrollOnOpen(doc);

  // Links inside the Markdown are plain <a>: route same-site ones through the router instead of reloading.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || anchor.target || !href?.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <>
      <LegalBanner document={legalDoc} />
      <Container size="lg" py={{ base: 32, sm: 48 }}>
        <div className={classes.layout}>
          <LegalTocSidebar headings={headings} />
          <Stack gap="lg" className={classes.article}>
            <LegalHighlights points={legalDoc.highlights} />
            <LegalTocDisclosure headings={headings} />
            <Typography
              className={classes.prose}
              onClick={followInternalLink}
              dangerouslySetInnerHTML={{ __html: html }}
            />
            <Divider />
            <RelatedDocuments current={doc} />
          </Stack>
        </div>
      </Container>
    </>
  );
}
