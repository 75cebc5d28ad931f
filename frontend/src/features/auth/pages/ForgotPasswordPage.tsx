import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { BRAND } from '../../../lib/site';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconKey, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';
import contrast from '@/shared/ui/contrast.module.css';
import { requestPasswordReset, warmAuthClient } from '../services/auth.service';
import { z } from 'zod';
import { emailField } from '@/shared/form-schemas';

const schema = z.object({ email: emailField() });

export function ForgotPasswordPage() {
  usePageMeta({
    title: 'Forgot Password',
    description: `Forgot your ${BRAND} password? Enter your email address and we will send you a secure link to reset it.`,
    keywords: ['forgot password', 'reset password', 'account recovery', BRAND],
  });
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(schema, { sync: true }) });
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const sent = mutation.data === null;

  const handleSubmit = async ({ email }: { email: string }) => {
    try {
      const error = await mutation.mutateAsync(email);
      if (error) notify.error(`Error: ${error.message}`);
      else notify.success('Password reset link sent to your email!');
    } catch (error) {
      console.error('Password reset request failed', error);
      notify.error('An unexpected error occurred. Please try again.');
    }
  };

  return (
    <AuthCard
      icon={<IconKey size={28} />}
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a reset link."
    >
      {sent ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={18} />}
          title="Check your inbox"
          className={contrast.tintedAlert}
          classNames={{ title: contrast.tealOnTint }}
        >
          <Stack gap="xs">
            <Text size="sm">
              If an account exists for <strong>{form.values.email}</strong>, a password reset link is on its way. Open
              it on this device to choose a new password.
            </Text>
            <Anchor component={Link} to="/instructions-after-reset" size="sm" underline="always">
              What happens next?
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <form method="post" onSubmit={form.onSubmit(handleSubmit)} onFocusCapture={warmAuthClient} noValidate>
          <HydratedFieldset>
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                required
                {...form.getInputProps('email')}
              />
              <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
                Send Reset Link
              </Button>
            </Stack>
          </HydratedFieldset>
        </form>
      )}
      <Text size="sm" ta="center" c="dimmed">
        Remembered it?{' '}
        <Anchor component={Link} to="/sign-in" fw={600} underline="always">
          Back to Sign In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
