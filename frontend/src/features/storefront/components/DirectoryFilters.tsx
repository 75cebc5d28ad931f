import { CloseButton, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Category, StoreSort } from '../services/storefront.service';

export interface DirectoryFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  category: string;
  onCategoryChange: (value: string) => void;
  sort: StoreSort;
  onSortChange: (value: StoreSort) => void;
  categories: readonly Category[] | undefined;
  signedIn: boolean;
}

const SORT_OPTIONS: { value: StoreSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name A–Z' },
];

/** Search, category and sort of the store directory; adult categories need an account to pick. */
export function DirectoryFilters(props: DirectoryFiltersProps) {
  const { search, onSearchChange, category, onCategoryChange, sort, onSortChange, categories, signedIn } = props;
  const options = [
    { value: '', label: 'All categories' },
    ...(categories ?? []).map((item) => ({
      value: item.slug,
      label: item.nsfw ? `${item.name} (18+${signedIn ? '' : ', sign in'})` : item.name,
      disabled: item.nsfw && !signedIn,
    })),
  ];

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Find stores">
      <TextInput
        label="Search stores"
        placeholder="Name, tagline or address"
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        rightSection={
          search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchChange('')} /> : null
        }
        maxLength={100}
        style={{ flex: '1 1 260px' }}
      />
      <Select
        label="Category"
        data={options}
        value={category}
        onChange={(value) => onCategoryChange(value ?? '')}
        allowDeselect={false}
        checkIconPosition="right"
        style={{ flex: '1 1 200px' }}
        maw={{ base: '100%', sm: 280 }}
      />
      <div style={{ flex: '0 1 auto' }}>
        <Text id="sort-label" component="span" display="block" fz="sm" fw={500} mb={4}>
          Sort by
        </Text>
        <SegmentedControl
          aria-labelledby="sort-label"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(value) => onSortChange(value as StoreSort)}
        />
      </div>
    </Group>
  );
}
