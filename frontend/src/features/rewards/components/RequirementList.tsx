import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconPoint } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface Requirement {
  key: string;
  text: ReactNode;
  /** true: met; false: still to do; undefined: we cannot tell from here (e.g. a social post). */
  met?: boolean;
}

function Marker({ met }: { met?: boolean }) {
  if (met === true) {
    return (
      <ThemeIcon size={20} radius="xl" color="green" variant="light">
        <IconCheck size={13} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size={20} radius="xl" color="gray" variant="light">
      {met === false ? <IconCircleDashed size={13} /> : <IconPoint size={13} />}
    </ThemeIcon>
  );
}

export function RequirementList({ items, label }: { items: Requirement[]; label: string }) {
  return (
    <List spacing={8} size="sm" listStyleType="none" aria-label={label}>
      {items.map((item) => (
        <List.Item key={item.key} icon={<Marker met={item.met} />}>
          {item.text}
          {item.met === true && <VisuallyHidden> (done)</VisuallyHidden>}
          {item.met === false && <VisuallyHidden> (not done yet)</VisuallyHidden>}
        </List.Item>
      ))}
    </List>
  );
}
