import { Badge, Group, Switch, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useCategories } from '../../hooks/use-store-queries';
import { useSettingsSection } from '../../hooks/use-settings-section';
import { STORE_LIMITS, type CategorySlug, type Store } from '../../services/store.service';
import { CategorySelect } from './CategorySelect';
import { SettingsSection } from './SettingsSection';

export function NsfwSection({ store }: { store: Store }) {
  const { categories } = useCategories();
  const isAdult = (slug: string) => categories.some((category) => category.slug === slug && category.nsfw);
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'nsfw',
    title: 'NSFW Settings',
    store,
    values: ({ nsfw }) => ({ isNsfw: nsfw.isNsfw, categories: nsfw.categories as CategorySlug[] }),
    // A store with no categories yet may save the switch alone; once chosen, categories cannot be emptied.
    patch: (values) => ({
      isNsfw: values.isNsfw || values.categories.some(isAdult),
      ...(values.categories.length > 0 ? { categories: values.categories } : {}),
    }),
    validate: {
      categories: (value) =>
        value.length === 0 && store.nsfw.categories.length > 0
          ? `Choose 1 to ${STORE_LIMITS.categoriesMax} categories`
          : null,
    },
  });
  const adultCategory = form.values.categories.some(isAdult);

  return (
    <SettingsSection
      icon={<IconEyeOff size={22} />}
      title="NSFW Settings"
      description="Adult content (18+) is hidden from visitors without an account and needs an age check by direct link."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <CategorySelect
        description={`1 to ${STORE_LIMITS.categoriesMax} categories help fans find your store`}
        {...form.getInputProps('categories')}
      />
      {adultCategory ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
            18+
          </Badge>
          <Text size="sm">
            Your store is marked as adult content (18+) because one of its categories is an adult category.
          </Text>
        </Group>
      ) : (
        <Switch
          label="My store has adult content (18+)"
          description="Turn on if any of your content is adult"
          {...form.getInputProps('isNsfw', { type: 'checkbox' })}
        />
      )}
    </SettingsSection>
  );
}
