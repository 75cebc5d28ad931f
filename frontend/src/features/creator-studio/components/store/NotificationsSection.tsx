import { Switch } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import type { Store } from '../../services/store.service';
import { SettingsSection } from './SettingsSection';

export function NotificationsSection({ store }: { store: Store }) {
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'notifications',
    title: 'Notifications',
    store,
    values: ({ notifications }) => ({ emailSales: notifications.emailSales }),
    patch: (values) => ({ emailSales: values.emailSales }),
  });

  return (
    <SettingsSection
      icon={<IconBell size={22} />}
      title="Notifications"
      description="New sales, tips, subscribers and chargebacks always show in the Activity list of your Sales Dashboard."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <Switch
        label="Email me about sales"
        description="One email for each sale, tip, new subscriber and chargeback"
        {...form.getInputProps('emailSales', { type: 'checkbox' })}
      />
    </SettingsSection>
  );
}
