import { warmAuthClient } from '../services/auth.service';
import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { BRAND } from '../../../lib/site';
import { useBrowserValue } from '../../../lib/use-browser-value';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLogin2, IconMailForward, IconShieldCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';
import { useSignIn, type SignInValues } from '../hooks/use-sign-in';
import { withNext } from '../services/return-to';
import { z } from 'zod';
import { emailField } from '@/shared/form-schemas';

const schema = z.object({ email: emailField(), password: z.string().min(1, 'Enter your password') });

export function SignInPage() {
  const host = useBrowserValue(() => window.location.host, 'our official address');
  usePageMeta({
    title: 'Sign In',
    description: `Sign in to your ${BRAND} account to manage your creator store, rewards wallet, purchases and security settings.`,
    keywords: ['sign in', 'log in', 'creator account', 'fan account', BRAND],
  });
  const { submit, submitting, showResend, resend, resending } = useSignIn();
  const next = useSearchParams()[0].get('next');
  const form = useForm<SignInValues>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(schema, { sync: true }),
  });

  return (
    <AuthCard icon={<IconLogin2 size={28} />} title="Welcome back" subtitle={`Sign in to your ${BRAND} account`}>
      <Alert variant="light" color="aqua" icon={<IconShieldCheck size={18} />} title="Security check">
        Make sure the address bar shows <strong>{host}</strong> before entering your password. We will never ask for it
        anywhere else.
      </Alert>
      <form method="post" onSubmit={form.onSubmit(submit)} onFocusCapture={warmAuthClient} noValidate>
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
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" mt={-4}>
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth size="md" loading={submitting}>
              Sign In
            </Button>
            {showResend && (
              <Button
                variant="light"
                fullWidth
                leftSection={<IconMailForward size={18} />}
                loading={resending}
                onClick={resend}
              >
                Resend Verification Email
              </Button>
            )}
          </Stack>
        </HydratedFieldset>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={withNext('/sign-up', next)} fw={600} underline="always">
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
