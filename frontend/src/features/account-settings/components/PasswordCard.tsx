import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { meetsPasswordRules } from '../../../lib/password-rules';
import { PasswordChecklist } from '@/shared/PasswordChecklist';
import { changePassword, confirmWithCode } from '../services/account.service';
import { SectionCard } from '@/shared/ui/SectionCard';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: z.string().refine(meetsPasswordRules, 'Please ensure your password meets all requirements.'),
    confirmPassword: z.string().min(1, 'Confirm your new password'),
    code: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .refine((values) => values.newPassword !== values.currentPassword || values.newPassword === '', {
    path: ['newPassword'],
    message: 'Choose a password different from your current one',
  });

const CODE_LENGTH = 6;
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;

/** Change the password right here: the current one proves it is you; with 2FA on, a code too. */
export function PasswordCard() {
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '', code: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const [pending, setPending] = useState(false);
  const [needCode, setNeedCode] = useState(false);

  const submit = form.onSubmit(async ({ currentPassword, newPassword, code }) => {
    if (needCode && code.length !== CODE_LENGTH) {
      form.setFieldError('code', 'Enter the 6-digit code from your authenticator app');
      return;
    }
    setPending(true);
    try {
      if (needCode) await confirmWithCode(code);
      await changePassword(currentPassword, newPassword);
      form.reset();
      setNeedCode(false);
      notify.success('Your password has been changed. Other devices have been signed out.');
    } catch (error) {
      const code = codeOf(error);
      if (code === 'current_password_mismatch')
        form.setFieldError('currentPassword', 'Your current password is not correct');
      else if (code === 'same_password')
        form.setFieldError('newPassword', 'Choose a password different from your current one');
      else if (code === 'insufficient_aal') {
        setNeedCode(true);
        notify.info(
          'Two-factor authentication is on: enter a code from your authenticator app to change your password.',
        );
      } else if (code === 'mfa_verification_failed')
        form.setFieldError('code', 'That code is not correct or has expired');
      else notify.error(`Could not change your password: ${(error as Error).message}`);
    } finally {
      setPending(false);
    }
  });

  return (
    <SectionCard
      icon={<IconLock size={22} />}
      title="Password"
      description="Change the password you sign in with. Your other devices are signed out when it changes."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={440}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          {form.values.newPassword && (
            <PasswordChecklist password={form.values.newPassword} confirmation={form.values.confirmPassword} />
          )}
          {needCode && (
            <TextInput
              label="6-digit code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              {...form.getInputProps('code')}
              onChange={(event) =>
                form.setFieldValue('code', event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))
              }
            />
          )}
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
          <Text size="xs" c="dimmed">
            Forgot it?{' '}
            <Anchor component={Link} to="/forgot-password" size="xs">
              Reset it by email
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </SectionCard>
  );
}
