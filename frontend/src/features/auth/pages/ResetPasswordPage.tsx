import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { BRAND } from '../../../lib/site';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconLockCog } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { auth } from '../../../lib/auth-client';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';
import contrast from '@/shared/ui/contrast.module.css';
import { PasswordChecklist } from '@/shared/PasswordChecklist';
import { announceFirstError, newPasswordField, PASSWORDS_DIFFER_MESSAGE } from '@/shared/form-schemas';
import { z } from 'zod';
import { useResetPassword } from '../hooks/use-reset-password';

const schema = z
  .object({ password: newPasswordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE });

type RecoveryState = 'checking' | 'ready' | 'missing';

/** The email link signs the user in (implicit flow, PASSWORD_RECOVERY); without that session there is nothing to reset. */
function useRecoverySession(): RecoveryState {
  const [state, setState] = useState<RecoveryState>('checking');
  useEffect(() => {
    let active = true;
    auth
      .getSession()
      .then(({ data }) => active && setState(data.session ? 'ready' : 'missing'))
      .catch(() => active && setState('missing'));
    const { data } = auth.onAuthStateChange((event, session) => {
      if (active && session && (event === 'PASSWORD_RECOVERY' || event === 'SIGNED_IN')) setState('ready');
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);
  return state;
}

export function ResetPasswordPage() {
  usePageMeta({
    title: 'Reset Password',
    description: `Choose a new password for your ${BRAND} account: at least 8 characters with upper and lower case letters, a digit and a special character.`,
    noindex: true,
  });
  const recovery = useRecoverySession();
  const { submit, submitting, done } = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { password, confirmPassword } = form.values;

  const handleSubmit = async () => {
    await submit(password);
  };

  return (
    <AuthCard
      icon={<IconLockCog size={28} />}
      title="Set a new password"
      subtitle="Choose a strong password you don't use anywhere else."
    >
      {recovery === 'checking' && (
        <Stack align="center" gap="xs" py="md">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking your reset link...
          </Text>
        </Stack>
      )}
      {recovery === 'missing' && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Reset link not active"
          className={contrast.tintedAlert}
          classNames={{ title: contrast.orangeOnTint }}
        >
          <Text size="sm">
            Open the reset link from your email on this device, or{' '}
            <Anchor component={Link} to="/forgot-password" size="sm" inherit underline="always">
              request a new reset link
            </Anchor>
            . Links work once and expire after a while.
          </Text>
        </Alert>
      )}
      {recovery === 'ready' && (
        <form
          method="post"
          onSubmit={form.onSubmit(handleSubmit, (errors) =>
            announceFirstError(errors, ['password', 'confirmPassword']),
          )}
          noValidate
        >
          <HydratedFieldset>
            <Stack gap="md">
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmPassword')}
              />
              <PasswordChecklist password={password} confirmation={confirmPassword} />
              <Button type="submit" size="md" fullWidth loading={submitting} disabled={done}>
                Reset Password
              </Button>
            </Stack>
          </HydratedFieldset>
        </form>
      )}
      <Text size="sm" ta="center" c="dimmed">
        <Anchor component={Link} to="/sign-in" fw={600}>
          Back to Sign In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
