import { Select, SimpleGrid, Switch } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import { checkAmount, toMajor, toMinor, type Currency, type MajorAmount } from '@/shared/money';
import { STORE_LIMITS, type Store } from '../../services/store.service';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { SettingsSection } from './SettingsSection';

export const CURRENCY_OPTIONS = [
  { value: 'USD', label: 'USD: US dollar' },
  { value: 'EUR', label: 'EUR: Euro' },
  { value: 'GBP', label: 'GBP: British pound' },
];
const { min, max } = STORE_LIMITS.price;

export function ContentSettingsSection({ store }: { store: Store }) {
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'content',
    title: 'Content Settings',
    store,
    values: ({ content }) => ({
      currency: content.currency as Currency,
      defaultVideoPrice: toMajor(content.defaultVideoPriceMinor) as MajorAmount,
      defaultAlbumPrice: toMajor(content.defaultAlbumPriceMinor) as MajorAmount,
      allowDownloads: content.allowDownloads,
    }),
    patch: (values) => ({
      currency: values.currency,
      defaultVideoPriceMinor: toMinor(values.defaultVideoPrice),
      defaultAlbumPriceMinor: toMinor(values.defaultAlbumPrice),
      allowDownloads: values.allowDownloads,
    }),
    fields: { defaultVideoPriceMinor: 'defaultVideoPrice', defaultAlbumPriceMinor: 'defaultAlbumPrice' },
    validate: {
      defaultVideoPrice: (value, values) => checkAmount(value, min, max, values.currency),
      defaultAlbumPrice: (value, values) => checkAmount(value, min, max, values.currency),
    },
  });
  const currency = form.values.currency;

  return (
    <SettingsSection
      icon={<IconMovie size={22} />}
      title="Content Settings"
      description="Your store's currency and the prices new videos and albums start with. Each item can have its own price."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <Select
        label="Currency"
        data={CURRENCY_OPTIONS}
        allowDeselect={false}
        maw={320}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('currency')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MoneyInput label="Default video price" currency={currency} {...form.getInputProps('defaultVideoPrice')} />
        <MoneyInput label="Default album price" currency={currency} {...form.getInputProps('defaultAlbumPrice')} />
      </SimpleGrid>
      <Switch
        label="Allow downloads"
        description="Buyers and subscribers get a Download button on the files they open. Turning this off stops new downloads at once."
        {...form.getInputProps('allowDownloads', { type: 'checkbox' })}
      />
    </SettingsSection>
  );
}
