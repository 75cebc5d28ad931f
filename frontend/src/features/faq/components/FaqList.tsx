import { IconChevronDown } from '@tabler/icons-react';
import marketing from '@/shared/ui/marketing.module.css';
import type { FaqEntry } from '../faq-filter';
import list from './FaqList.module.css';

/**
 * The questions as native disclosure widgets: every answer is in the prerendered HTML, opening one
 * needs no script, and hydrating thirty-odd of them costs the browser next to nothing.
 */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className={list.list}>
      {entries.map((entry) => (
        <details key={entry.question} className={list.item}>
          <summary className={list.summary}>
            <h2 className={list.question}>{entry.question}</h2>
            <IconChevronDown className={list.chevron} size={20} stroke={1.8} aria-hidden="true" />
          </summary>
          <p className={`${marketing.muted} ${list.answer}`}>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
