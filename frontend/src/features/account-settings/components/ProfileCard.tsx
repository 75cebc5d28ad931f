import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconUserCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { DISPLAY_NAME_KEY, saveDisplayName } from '../services/account.service';
import { SettingsSection } from './SettingsSection';

const schema = z.object({
  displayName: z.string().trim().max(60, 'At most 60 characters').refine((value) => !/[<>]/.test(value), 'Use letters, numbers and punctuation only'),
});

export function ProfileCard({ metadata }: { metadata: Record<string, unknown> | undefined }) {
  const current = typeof metadata?.[DISPLAY_NAME_KEY] === 'string' ? (metadata[DISPLAY_NAME_KEY] as string) : '';
  const form = useForm({ initialValues: { displayName: current }, validate: schemaResolver(schema, { sync: true }) });
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ displayName: current });
    // Only when the stored name changes (the session loads or refreshes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const submit = form.onSubmit(async ({ displayName }) => {
    setPending(true);
    try {
      await saveDisplayName(displayName);
      form.resetDirty();
      notify.success('Display name saved');
    } catch (error) {
      notify.error(`Could not save your display name: ${(error as Error).message}`);
    } finally {
      setPending(false);
    }
  });

  return (
    <SettingsSection icon={IconUserCircle} title="Profile" description="How you appear to creators and in your messages.">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Display name" placeholder="e.g. Alex" maxLength={60} style={{ flex: '1 1 220px' }} {...form.getInputProps('displayName')} />
          <Button type="submit" loading={pending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
