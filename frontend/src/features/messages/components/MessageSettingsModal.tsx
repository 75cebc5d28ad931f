import { Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { fieldProblems, serviceMessage } from '@/shared/api-problems';
import { toMajor, toMinor } from '@/shared/money';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { useMessagingSettings, useSaveMessagingSettings } from '../hooks/use-conversations';
import type { MessagingSettings } from '../services/messages-types';

const schema = z
  .object({ audience: z.enum(['subscribers', 'signed_in', 'paid']), price: z.union([z.number(), z.string()]) })
  .refine((values) => values.audience !== 'paid' || (Number(values.price) >= 0.5 && Number(values.price) <= 500), {
    path: ['price'],
    message: 'Set a price between 0.50 and 500.00',
  });

type Values = { audience: MessagingSettings['audience']; price: number | string };

/** Who may write to the creator: subscribers only, anyone signed in, or anyone for a price per message. */
export function MessageSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useMessagingSettings(opened);
  const save = useSaveMessagingSettings();
  const form = useForm<Values>({
    initialValues: { audience: 'signed_in', price: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const currency = settings.data?.currency ?? settings.data?.storeCurrency ?? 'EUR';

  useEffect(() => {
    if (settings.data)
      form.setValues({
        audience: settings.data.audience,
        price: settings.data.priceMinor ? toMajor(settings.data.priceMinor) : '',
      });
  }, [settings.data]);

  const submit = form.onSubmit(async ({ audience, price }) => {
    try {
      await save.mutateAsync(audience === 'paid' ? { audience, priceMinor: toMinor(price) } : { audience });
      notify.success('Message settings saved');
      onClose();
    } catch (error) {
      const problem = fieldProblems(error).find((item) => item.field === 'priceMinor');
      if (problem) form.setFieldError('price', problem.message);
      else notify.error(serviceMessage(error, 'Your settings were not saved. Please try again.'));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Who may message you" centered>
      {settings.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading your settings" />
      ) : settings.isError ? (
        <Text c="red">{serviceMessage(settings.error, 'Your settings could not be loaded. Please try again.')}</Text>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            <Radio.Group label="Who may write to you" {...form.getInputProps('audience')}>
              <Stack gap="xs" mt="xs">
                <Radio value="subscribers" label="Subscribers only" />
                <Radio value="signed_in" label="Anyone signed in" />
                <Radio
                  value="paid"
                  label="Anyone, for a price per message"
                  description="Fans pay before their message reaches you."
                />
              </Stack>
            </Radio.Group>
            {form.values.audience === 'paid' && (
              <MoneyInput currency={currency} label="Price per message" withAsterisk {...form.getInputProps('price')} />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
