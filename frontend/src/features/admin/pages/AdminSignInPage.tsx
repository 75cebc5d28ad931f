import { Alert, Anchor, Box, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '@/features/auth';
import { ThemeToggle } from '@/features/layout';
import { AdminBrand } from '../components/AdminBrand';
import { CodeStep } from '../components/CodeStep';
import { useAdminSignIn } from '../hooks/use-admin-sign-in';
import { NOT_STAFF_MESSAGE } from '../services/admin-session.service';
import { getAdminToken } from '../services/admin-token';

const SUBTITLES = {
  credentials: 'Sign in with your moderator or admin account.',
  code: 'Staff accounts need a second factor. Enter the code from your authenticator app.',
  'not-staff': undefined,
  'needs-2fa-setup': undefined,
} as const;

export function AdminSignInPage() {
  usePageMeta({ title: 'Staff sign-in', noindex: true });
  const { step, pending, submitCredentials, submitCode, submitRecoveryCode, startOver } = useAdminSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // Already signed in (the console's guard re-checks the session and clears a stale token).
  const [signedIn] = useState(() => Boolean(getAdminToken()));
  if (signedIn) return <Navigate to="/admin/verifications" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && email.trim() && password) void submitCredentials(email, password);
  };

  return (
    <Box mih="100dvh">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <AdminBrand to="/admin/sign-in" />
        <ThemeToggle />
      </Group>
      <AuthCard icon={<IconShieldLock size={28} />} title="Staff sign-in" subtitle={SUBTITLES[step]} size={440}>
        {step === 'credentials' && (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                required
                autoFocus
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                required
              />
              <Button
                type="submit"
                fullWidth
                loading={pending}
                disabled={!email.trim() || !password}
                leftSection={<IconLock size={18} />}
              >
                Continue
              </Button>
            </Stack>
          </form>
        )}

        {step === 'code' && (
          <CodeStep
            pending={pending}
            onCode={submitCode}
            onRecoveryCode={submitRecoveryCode}
            onStartOver={() => void startOver()}
          />
        )}

        {step === 'not-staff' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title="No console access"
            role="alert"
          >
            {NOT_STAFF_MESSAGE}
          </Alert>
        )}

        {step === 'needs-2fa-setup' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title="Two-factor authentication required"
            role="alert"
          >
            <Text size="sm">
              Staff accounts must turn on two-factor authentication before they can use the console. Sign in to your
              account and turn it on in{' '}
              <Anchor component={Link} to="/dashboard/security" size="sm" fw={600}>
                /dashboard/security
              </Anchor>{' '}
              first, then come back here.
            </Text>
          </Alert>
        )}

        {(step === 'not-staff' || step === 'needs-2fa-setup') && (
          <Button variant="default" fullWidth onClick={() => void startOver()}>
            Back to sign-in
          </Button>
        )}
      </AuthCard>
    </Box>
  );
}
