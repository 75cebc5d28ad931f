import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { SectionCard, wrappingButtonStyles } from '@/shared/ui/SectionCard';
import type { SaveOutcome } from '../hooks/use-reward-field';
import classes from './readable-errors.module.css';

export interface RewardFieldCardProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Input label; also names the value in the display state. */
  label: string;
  placeholder: string;
  value: string | null;
  /** How the saved value is shown (e.g. '@name'). */
  format?: (value: string) => string;
  loading: boolean;
  saving: boolean;
  removing: boolean;
  addLabel: string;
  onSave: (value: string, previous: string | null) => Promise<SaveOutcome>;
  onRemove: () => Promise<boolean>;
  children?: ReactNode;
}

/**
 * SPEC §4: no value -> the add form; a value -> shown with Edit and Remove; Edit opens the form with Cancel;
 * a save returns to the display; Remove clears the value (and so brings the add form back).
 */
export function RewardFieldCard(props: RewardFieldCardProps) {
  const { icon, title, description, label, value, format = (v) => v, loading, removing, children } = props;
  const [editing, setEditing] = useState(false);

  const showForm = !loading && (value === null || editing);

  return (
    <SectionCard icon={icon} title={title} description={description}>
      {loading ? (
        <Skeleton height={36} radius="sm" aria-label={`Loading ${label}`} />
      ) : showForm ? (
        <ValueForm key={editing ? 'edit' : 'add'} {...props} editing={editing} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text fw={600} ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {format(value as string)}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
              disabled={removing}
              aria-label={`Edit ${label}`}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={removing}
              onClick={() => void props.onRemove()}
              aria-label={`Remove ${label}`}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      )}
      {children}
    </SectionCard>
  );
}

const valueSchema = z.object({ value: z.string().trim().min(1, 'This field is required') });

function ValueForm({
  label,
  placeholder,
  value,
  saving,
  addLabel,
  onSave,
  editing,
  onDone,
}: RewardFieldCardProps & { editing: boolean; onDone: () => void }) {
  const form = useForm({
    initialValues: { value: editing ? (value ?? '') : '' },
    validate: schemaResolver(valueSchema, { sync: true }),
  });

  const submit = async ({ value: input }: { value: string }) => {
    const outcome = await onSave(input.trim(), value);
    if (outcome.ok) onDone();
    else if (outcome.fieldError) form.setFieldError('value', outcome.fieldError);
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate className={classes.readableErrors}>
      <Stack gap="sm">
        <TextInput
          label={label}
          placeholder={placeholder}
          required
          autoComplete="off"
          spellCheck={false}
          autoFocus={editing}
          {...form.getInputProps('value')}
        />
        <Group gap="sm">
          <Button type="submit" loading={saving} styles={wrappingButtonStyles}>
            {editing ? 'Save' : addLabel}
          </Button>
          {editing && (
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
