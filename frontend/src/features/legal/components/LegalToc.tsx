import { IconChevronDown } from '@tabler/icons-react';
import marketing from '@/shared/ui/marketing.module.css';
import type { DocumentHeading } from '../lib/heading-anchors';
import classes from './Legal.module.css';

function TocList({ headings }: { headings: DocumentHeading[] }) {
  return (
    <ul className={`${classes.tocList} ${marketing.muted}`}>
      {headings.map((heading) => (
        <li key={heading.id}>
          <a className={classes.tocLink} href={`#${heading.id}`}>
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Sticky list beside the text from the md breakpoint up (hidden below it by CSS). */
export function LegalTocSidebar({ headings }: { headings: DocumentHeading[] }) {
  return (
    <aside className={classes.tocAside}>
      <nav aria-label="On this page">
        <p className={`${classes.tocLabel} ${marketing.muted}`}>On this page</p>
        <TocList headings={headings} />
      </nav>
    </aside>
  );
}

/** Collapsed list above the text on phones and small tablets (hidden from md up by CSS). */
export function LegalTocDisclosure({ headings }: { headings: DocumentHeading[] }) {
  return (
    <details className={classes.tocDetails}>
      <summary className={classes.tocSummary}>
        On this page
        <IconChevronDown size={18} className={classes.tocChevron} aria-hidden />
      </summary>
      <nav aria-label="On this page">
        <TocList headings={headings} />
      </nav>
    </details>
  );
}
