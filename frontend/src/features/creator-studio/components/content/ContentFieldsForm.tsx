import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { notify } from '../../../../lib/notify';
import readable from '@/shared/ui/readable-errors.module.css';
import { fieldProblems, serviceMessage } from '@/shared/api-problems';
import { CONTENT_LIMITS, type ContentFields, type ContentItem } from '../../services/content.service';
import { checkAmount, toMajor, toMinor, type Currency, type MajorAmount } from '@/shared/money';
import { CURRENCY_OPTIONS } from '../store/ContentSettingsSection';
import { MoneyInput } from '@/shared/ui/MoneyInput';

export interface ContentFormValues {
  title: string;
  description: string;
  price: MajorAmount;
  currency: Currency;
}

export const formValuesOf = (
  item: Pick<ContentItem, 'title' | 'description' | 'priceMinor' | 'currency'>,
): ContentFormValues => ({
  title: item.title,
  description: item.description,
  price: toMajor(item.priceMinor),
  currency: item.currency as Currency,
});

const { titleMin, titleMax, descriptionMax, price } = CONTENT_LIMITS;

const TITLE_LENGTH = `The title has ${titleMin} to ${titleMax} characters`;

const schema = z
  .object({
    title: z.string().trim().min(titleMin, TITLE_LENGTH).max(titleMax, TITLE_LENGTH),
    description: z.string().trim().max(descriptionMax, `The description has at most ${descriptionMax} characters`),
    price: z.union([z.number(), z.string()]),
    currency: z.string(),
  })
  // the price's range is worded in the currency chosen beside it
  .superRefine((values, ctx) => {
    const problem = checkAmount(values.price, price.min, price.max, values.currency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
  });

export interface ContentFieldsFormProps {
  initial: ContentFormValues;
  submitLabel: string;
  /** Throws the API error on failure; its field problems show under the inputs. */
  onSubmit: (fields: ContentFields) => Promise<void>;
  onCancel?: () => void;
  /** Hide the button until something changed (editing) or always show it (creating). */
  requireChange?: boolean;
}

/** Title, description, price (major units in the form, minor units sent) and currency of a video or album. */
export function ContentFieldsForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  requireChange = false,
}: ContentFieldsFormProps) {
  const form = useForm<ContentFormValues>({
    initialValues: initial,
    validate: schemaResolver(schema, { sync: true }),
  });

  const submit = async (values: ContentFormValues) => {
    const fields: ContentFields = {
      title: values.title.trim(),
      description: values.description.trim(),
      priceMinor: toMinor(values.price),
      currency: values.currency,
    };
    try {
      await onSubmit(fields);
      form.resetDirty({ ...values, title: fields.title, description: fields.description });
    } catch (error) {
      const problems = fieldProblems(error);
      for (const problem of problems)
        form.setFieldError(problem.field === 'priceMinor' ? 'price' : problem.field, problem.message);
      if (problems.length === 0)
        notify.error(serviceMessage(error, 'Your changes could not be saved. Please try again.'));
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate className={readable.readableErrors}>
      <Stack gap="md">
        <TextInput label="Title" required maxLength={titleMax} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          description="What fans get: shown on your store page once approved"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={descriptionMax}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MoneyInput label="Price" required currency={form.values.currency} {...form.getInputProps('price')} />
          <Select
            label="Currency"
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('currency')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.submitting} disabled={requireChange && !form.isDirty()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
