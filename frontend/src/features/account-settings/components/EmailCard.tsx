import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMail, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { requestEmailChange } from '../services/account.service';
import { SectionCard } from '@/shared/ui/SectionCard';

export function EmailCard({ email, pendingEmail }: { email: string | undefined; pendingEmail: string | undefined }) {
  const schema = z.object({
    email: z
      .string()
      .trim()
      .min(1, 'Enter the new email address')
      .pipe(z.email('Enter a valid email address'))
      .refine((value) => value.toLowerCase() !== email?.toLowerCase(), 'This is already your email address'),
  });
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(schema, { sync: true }) });
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>(pendingEmail);

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    try {
      await requestEmailChange(values.email.trim());
      setSentTo(values.email.trim().toLowerCase());
      form.reset();
      notify.success('Check both inboxes: confirm the change from your current and your new address.');
    } catch (error) {
      notify.error(`Could not change your email: ${(error as Error).message}`);
    } finally {
      setPending(false);
    }
  });

  return (
    <SectionCard
      icon={<IconMail size={22} />}
      title="Email address"
      description="Where we send receipts and security notices."
    >
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Current email
        </Text>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
          {email ?? 'Loading...'}
        </Text>
      </Stack>
      {(sentTo ?? pendingEmail) && (
        <Alert variant="light" color="aqua" icon={<IconMailForward size={18} />} title="Confirmation sent">
          We sent a link to {sentTo ?? pendingEmail} and one to {email ?? 'your current address'}. Your email changes
          when both are opened; until then you sign in with your current address.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="email"
            label="New email address"
            placeholder="you@example.com"
            autoComplete="email"
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" variant="light" loading={pending}>
            Change email
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
