import { Switch } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import type { Store } from '../../services/store.service';
import { SettingsSection } from './SettingsSection';

export function CollaborationSection({ store }: { store: Store }) {
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'collaboration',
    title: 'Collaboration',
    store,
    values: ({ collaboration }) => ({ acceptRequests: collaboration.acceptRequests }),
    patch: (values) => ({ acceptRequests: values.acceptRequests }),
  });

  return (
    <SettingsSection
      icon={<IconUsersGroup size={22} />}
      title="Collaboration"
      description="Joint videos and albums with other creators. Everyone featured must be verified and on your collaboration list, or the content is rejected."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <Switch
        label="Accept collaboration requests"
        description="Other creators can ask to collaborate with you"
        {...form.getInputProps('acceptRequests', { type: 'checkbox' })}
      />
    </SettingsSection>
  );
}
