import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { SectionCard } from '@/shared/ui/SectionCard';
import readable from '@/shared/ui/readable-errors.module.css';

export interface SettingsSectionProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  dirty: boolean;
  children: ReactNode;
}

/** A titled card with the section's fields and its own Save button. */
export function SettingsSection({ icon, title, description, onSubmit, saving, dirty, children }: SettingsSectionProps) {
  return (
    <SectionCard icon={icon} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className={readable.readableErrors}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!dirty}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
