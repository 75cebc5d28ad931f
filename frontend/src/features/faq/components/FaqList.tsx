import { Accordion, Text } from '@mantine/core';
import classes from '../../roadmap/components/marketing.module.css';
import type { FaqEntry } from '../faq-filter';
import list from './FaqList.module.css';

/**
 * The questions as an accordion. Panels stay in the DOM while collapsed (display: none rather than
 * React's hidden Activity, which renders nothing on the server), so every answer is in the prerendered HTML.
 */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <Accordion multiple variant="separated" radius="lg" order={2} keepMounted keepMountedMode="display-none">
      {entries.map((entry) => (
        <Accordion.Item key={entry.question} value={entry.question}>
          <Accordion.Control>
            <span className={list.question}>{entry.question}</span>
          </Accordion.Control>
          <Accordion.Panel>
            <Text className={`${classes.muted} ${list.answer}`}>
              {entry.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
