import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useCategories } from '../../hooks/use-store-queries';
import { STORE_LIMITS } from '../../services/store.service';

/** The platform's categories (GET /api/categories); adult ones are marked 18+. */
export function CategorySelect(props: Omit<MultiSelectProps, 'data'>) {
  const { categories, loading, failed } = useCategories();
  const data = categories.map((category) => ({
    value: category.slug,
    label: category.nsfw ? `${category.name} (18+)` : category.name,
  }));
  return (
    <MultiSelect
      label="Categories"
      placeholder={loading ? 'Loading categories...' : 'Choose up to 5'}
      data={data}
      maxValues={STORE_LIMITS.categoriesMax}
      searchable
      hidePickedOptions
      nothingFoundMessage="No category matches"
      disabled={loading || failed}
      comboboxProps={{ withinPortal: true }}
      {...props}
      description={failed ? 'The categories could not be loaded. Reload the page to try again.' : props.description}
    />
  );
}
