import { Alert, Button, Checkbox, List, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import {
  confirmWithCode,
  deleteAccount,
  fetchDeletionPreview,
  type DeletionPreview,
} from '../services/account.service';
import contrast from '@/shared/ui/contrast.module.css';
import { SectionCard } from '@/shared/ui/SectionCard';
import { formatMoney } from '@/shared/format';

function owedText(preview: DeletionPreview): string {
  return preview.owed.map((line) => formatMoney(line.amountMinor, line.currency)).join(' and ');
}

export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const preview = useQuery({ queryKey: ['account', 'deletion-preview'], queryFn: fetchDeletionPreview, enabled: open });
  return (
    <SectionCard
      icon={<IconTrash size={22} />}
      color="red"
      title="Delete my account"
      description="Erases your personal data and ends your subscriptions. Payment records are kept, without your name or email, as the law requires."
    >
      <Button
        color="red"
        variant="outline"
        classNames={{ label: contrast.dangerOnLight }}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Delete my account
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered>
        {preview.isLoading && <Text size="sm">Loading...</Text>}
        {preview.isError && (
          <Text size="sm" c="red">
            Could not check your account. Please try again.
          </Text>
        )}
        {preview.data && <DeleteForm preview={preview.data} onCancel={() => setOpen(false)} />}
      </Modal>
    </SectionCard>
  );
}

function DeleteForm({ preview, onCancel }: { preview: DeletionPreview; onCancel: () => void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const withCode = preview.secondFactorRequired;
  const schema = z.object({
    secret: withCode
      ? z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
      : z.string().min(1, 'Enter your password'),
    understood: z.literal(true, { error: 'Please confirm you understand' }),
  });
  const form = useForm({
    initialValues: { secret: '', understood: false },
    validate: schemaResolver(schema, { sync: true }),
  });

  if (!preview.canDelete) {
    return (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Earnings still to be paid">
          You still have {owedText(preview)} in earnings that have not been paid out. They are paid{' '}
          {preview.nextPayoutOn
            ? `on ${preview.nextPayoutOn} (or when their hold ends)`
            : 'at the first month-end after their hold ends'}
          . You can delete your account once your balance is zero.
        </Alert>
        <Button variant="default" onClick={onCancel}>
          Close
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit(async ({ secret }) => {
    setPending(true);
    try {
      if (withCode) await confirmWithCode(secret);
      await deleteAccount(withCode ? undefined : secret);
      notify.success('Your account was deleted. A confirmation is on its way to your email.');
      navigate('/', { replace: true });
    } catch (error) {
      notify.error(`Could not delete your account: ${(error as Error).message}`);
      form.setFieldValue('secret', '');
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <List size="sm" spacing={4}>
          <List.Item>Your email, name and profile are erased, and you are signed out everywhere.</List.Item>
          <List.Item>
            {preview.activeSubscriptions > 0
              ? `Your ${preview.activeSubscriptions} active subscription${preview.activeSubscriptions === 1 ? ' ends' : 's end'} now; you will not be charged again.`
              : 'You will not be charged again.'}
          </List.Item>
          <List.Item>Purchases you made can no longer be opened.</List.Item>
          <List.Item>Payment records are kept without your personal data, as tax law requires.</List.Item>
        </List>
        {withCode ? (
          <TextInput
            label="Authenticator code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.getInputProps('secret')}
          />
        ) : (
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('secret')} />
        )}
        <Checkbox
          label="I understand this cannot be undone"
          {...form.getInputProps('understood', { type: 'checkbox' })}
        />
        {/* red-9: white on red-6, Mantine's light filled red, is 3.3:1. */}
        <Button type="submit" color="red.9" loading={pending}>
          Delete my account
        </Button>
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
