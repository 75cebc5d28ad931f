import { Input, SegmentedControl, Switch } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import { checkAmount, toMajor, toMinor, type MajorAmount } from '@/shared/money';
import { STORE_LIMITS, type Store } from '../../services/store.service';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { SettingsSection } from './SettingsSection';

type Visibility = Store['access']['visibility'];
const { min, max } = STORE_LIMITS.subscriptionPrice;

export function AccessControlSection({ store }: { store: Store }) {
  const currency = store.content.currency;
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'access',
    title: 'Access Control',
    store,
    values: ({ access }) => ({
      visibility: access.visibility as Visibility,
      subscriptionEnabled: access.subscriptionEnabled,
      subscriptionPrice: toMajor(access.subscriptionPriceMinor) as MajorAmount,
      showSubscriberCount: access.showSubscriberCount,
    }),
    patch: (values) => ({
      visibility: values.visibility,
      subscriptionEnabled: values.subscriptionEnabled,
      subscriptionPriceMinor: toMinor(values.subscriptionPrice),
      showSubscriberCount: values.showSubscriberCount,
    }),
    fields: { subscriptionPriceMinor: 'subscriptionPrice' },
    validate: { subscriptionPrice: (value) => checkAmount(value, min, max, currency) },
  });

  return (
    <SettingsSection
      icon={<IconLock size={22} />}
      title="Access Control"
      description="Who can see your store, and whether fans can subscribe monthly."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <Input.Wrapper
        label="Visibility"
        description="Subscribers only: your store page lists your content, and only subscribers can buy or open it (items bought earlier too)."
        labelElement="div"
        labelProps={{ id: 'store-visibility-label' }}
        error={form.errors.visibility}
      >
        <SegmentedControl
          aria-labelledby="store-visibility-label"
          data={[
            { value: 'public', label: 'Public' },
            { value: 'subscribers_only', label: 'Subscribers only' },
          ]}
          maw={360}
          mt={4}
          mb={form.errors.visibility ? 4 : 0}
          value={form.values.visibility}
          onChange={(value) => form.setFieldValue('visibility', value as Visibility)}
        />
      </Input.Wrapper>
      <Switch
        label="Monthly subscriptions"
        description="Fans pay a monthly price; it renews until they cancel"
        {...form.getInputProps('subscriptionEnabled', { type: 'checkbox' })}
      />
      <MoneyInput
        label="Monthly subscription price"
        currency={currency}
        maw={320}
        disabled={!form.values.subscriptionEnabled}
        {...form.getInputProps('subscriptionPrice')}
      />
      <Switch
        label="Show my subscriber count"
        description="Your store page shows how many fans subscribe"
        {...form.getInputProps('showSubscriberCount', { type: 'checkbox' })}
      />
    </SettingsSection>
  );
}
