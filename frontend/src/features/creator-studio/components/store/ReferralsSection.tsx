import { Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import type { Store } from '../../services/store.service';
import { SettingsSection } from './SettingsSection';

export function ReferralsSection({ store }: { store: Store }) {
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'referrals',
    title: 'Referrals',
    store,
    values: ({ referrals }) => ({ enabled: referrals.enabled }),
    patch: (values) => ({ enabled: values.enabled }),
  });

  return (
    <SettingsSection
      icon={<IconUserPlus size={22} />}
      title="Referrals"
      description="Fans share custom links to your albums and videos and earn a commission on the sales they bring."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <Switch label="Let fans refer my content" {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Referral commission
            </Text>
            <Text size="sm" c="dimmed">
              Fixed by the platform and paid from the platform&apos;s share, so your earnings stay the same.
            </Text>
          </Stack>
          <Text fw={700} fz={22} aria-label={`${store.referrals.commissionPercent}% commission`}>
            {store.referrals.commissionPercent}%
          </Text>
        </Group>
      </Paper>
    </SettingsSection>
  );
}
