import { Switch } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import { checkAmount, toMajor, toMinor, type MajorAmount } from '@/shared/money';
import { STORE_LIMITS, type Store } from '../../services/store.service';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { SettingsSection } from './SettingsSection';

const { min, max } = STORE_LIMITS.minimumTip;

export function TipsSection({ store }: { store: Store }) {
  const currency = store.content.currency;
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'tips',
    title: 'Tips',
    store,
    values: ({ tips }) => ({ enabled: tips.enabled, minimumTip: toMajor(tips.minimumTipMinor) as MajorAmount }),
    patch: (values) => ({ enabled: values.enabled, minimumTipMinor: toMinor(values.minimumTip) }),
    fields: { minimumTipMinor: 'minimumTip' },
    validate: { minimumTip: (value) => checkAmount(value, min, max, currency) },
  });

  return (
    <SettingsSection
      icon={<IconCoin size={22} />}
      title="Tips"
      description="Let fans send you a tip on top of their purchases."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <Switch label="Accept tips" {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <MoneyInput
        label="Minimum tip"
        currency={currency}
        maw={320}
        disabled={!form.values.enabled}
        {...form.getInputProps('minimumTip')}
      />
    </SettingsSection>
  );
}
