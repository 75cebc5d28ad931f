import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { checkPasswordRules } from '../lib/password-rules';

export interface PasswordChecklistProps {
  password: string;
  /** When given, adds a "passwords match" line for the confirmation field. */
  confirmation?: string;
}

function Item({ met, label }: { met: boolean; label: string }) {
  return (
    <List.Item
      data-met={met}
      icon={
        <ThemeIcon size={18} radius="xl" color={met ? 'teal' : 'gray'} variant={met ? 'filled' : 'light'}>
          {met ? <IconCheck size={12} stroke={3} /> : <IconX size={12} stroke={3} />}
        </ThemeIcon>
      }
    >
      <Text size="sm" c={met ? undefined : 'dimmed'}>
        {label}
      </Text>
    </List.Item>
  );
}

/** Live checklist of the password rules shared by sign-up and both reset pages. */
export function PasswordChecklist({ password, confirmation }: PasswordChecklistProps) {
  const rules = checkPasswordRules(password);
  return (
    <Group>
      <List
        spacing={6}
        size="sm"
        center
        ps={0}
        listStyleType="none"
        aria-label="Password requirements"
        aria-live="polite"
      >
        {rules.map((rule) => (
          <Item key={rule.id} met={rule.met} label={rule.label} />
        ))}
        {confirmation !== undefined && (
          <Item met={confirmation.length > 0 && confirmation === password} label="Passwords match" />
        )}
      </List>
    </Group>
  );
}
