import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';
import readable from '@/shared/ui/readable-errors.module.css';
import { useOpenStore, useSlugAvailability } from '../../hooks/use-store-queries';
import { errorCode, fieldProblems, serviceMessage } from '@/shared/api-problems';
import { slugFromName, STORE_LIMITS, storePath, type CategorySlug } from '../../services/store.service';
import { CategorySelect } from './CategorySelect';

interface OpenStoreValues {
  displayName: string;
  slug: string;
  categories: CategorySlug[];
}

const NAME_LENGTH = `The store name has ${STORE_LIMITS.displayName.min} to ${STORE_LIMITS.displayName.max} characters`;

const schema = z.object({
  displayName: z
    .string()
    .trim()
    .min(STORE_LIMITS.displayName.min, NAME_LENGTH)
    .max(STORE_LIMITS.displayName.max, NAME_LENGTH),
  slug: z.string().trim().min(1, 'Choose a store address'),
  categories: z.array(z.string()),
});

const FIELDS: ReadonlySet<string> = new Set(['displayName', 'slug', 'categories']);

/** Lowercase, hyphens for spaces: what the server stores anyway, shown while typing. */
const normaliseSlug = (input: string) => input.toLowerCase().replace(/\s+/g, '-');

/** The first step of selling: a name and an address (checked while typing), and optionally categories. */
export function OpenStoreForm({ onNotVerified }: { onNotVerified: () => void }) {
  const open = useOpenStore();
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<OpenStoreValues>({
    initialValues: { displayName: '', slug: '', categories: [] },
    validate: schemaResolver(schema, { sync: true }),
  });
  const [slug] = useDebouncedValue(form.values.slug.trim(), 350);
  const availability = useSlugAvailability(slug);
  const checked = availability.data?.slug === slug.toLowerCase() ? availability.data : undefined;
  const settled = slug === form.values.slug.trim();
  const checking = form.values.slug.trim() !== '' && (!settled || availability.isFetching);
  const unavailable = settled && checked && !checked.available ? checked.reason : null;

  const submit = async (values: OpenStoreValues) => {
    try {
      await open.mutateAsync({
        displayName: values.displayName.trim(),
        slug: values.slug.trim(),
        ...(values.categories.length > 0 ? { categories: values.categories } : {}),
      });
      notify.success('Your store is open');
    } catch (error) {
      const code = errorCode(error);
      if (code === 'not_verified') return onNotVerified();
      if (code === 'slug_taken')
        return form.setFieldError('slug', serviceMessage(error, 'This store address is taken'));
      const problems = fieldProblems(error);
      for (const problem of problems) if (FIELDS.has(problem.field)) form.setFieldError(problem.field, problem.message);
      if (!problems.some((problem) => FIELDS.has(problem.field))) {
        notify.error(serviceMessage(error, 'Your store could not be opened. Please try again.'));
      }
    }
  };

  const onNameChange = (value: string) => {
    form.setFieldValue('displayName', value);
    if (!slugEdited) form.setFieldValue('slug', slugFromName(value));
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="open-store-title">
      <form onSubmit={form.onSubmit(submit)} noValidate className={readable.readableErrors}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz={{ base: 18, sm: 20 }} id="open-store-title">
              Open your store
            </Title>
            <Text size="sm" c="dimmed">
              Your store is free. Choose its name and address; you can change everything else in Store Settings
              afterwards.
            </Text>
          </Stack>
          <TextInput
            label="Store name"
            placeholder="Jane Fit"
            required
            maxLength={STORE_LIMITS.displayName.max}
            {...form.getInputProps('displayName')}
            onChange={(event) => onNameChange(event.currentTarget.value)}
          />
          <div>
            <TextInput
              label="Store address"
              placeholder="jane-fit"
              required
              maxLength={STORE_LIMITS.slug.max}
              autoComplete="off"
              spellCheck={false}
              description={`${window.location.host}${storePath(form.values.slug.trim() || 'your-address')}`}
              rightSection={checking ? <Loader size={16} aria-label="Checking the address" /> : null}
              {...form.getInputProps('slug')}
              error={form.errors.slug ?? unavailable}
              onChange={(event) => {
                setSlugEdited(true);
                form.setFieldValue('slug', normaliseSlug(event.currentTarget.value));
              }}
            />
            <div aria-live="polite">
              {!checking && settled && checked?.available && !form.errors.slug && (
                <Group gap={6} wrap="nowrap" mt={8}>
                  <IconCircleCheck size={18} color="var(--mantine-color-green-filled)" aria-hidden />
                  <Text size="sm">{`${checked.slug} is available`}</Text>
                </Group>
              )}
            </div>
          </div>
          <CategorySelect
            description="Optional: up to 5, so fans find your store. Adult categories make the store 18+."
            {...form.getInputProps('categories')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={open.isPending} disabled={Boolean(unavailable)}>
              Open my store
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
