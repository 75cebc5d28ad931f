import { BRAND } from '../../../lib/site';
import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';

export function InstructionsAfterResetPage() {
  usePageMeta({
    title: 'Reset Instructions Sent',
    description: `We sent password reset instructions to your email. Follow the link to choose a new ${BRAND} password.`,
    noindex: true,
  });
  return (
    <AuthCard
      icon={<IconMailForward size={28} />}
      title="Reset instructions sent"
      subtitle="If an account exists for the address you entered, we've emailed you a link to reset your password."
      size={520}
    >
      <Stack gap="xs">
        <Text fw={600}>What to do next</Text>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>Open the email from {BRAND}. It can take a few minutes to arrive.</List.Item>
          <List.Item>Click the reset link. It works once and expires after a while.</List.Item>
          <List.Item>Choose a new password that meets every requirement on the page.</List.Item>
          <List.Item>Sign in with your new password.</List.Item>
        </List>
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>Didn&apos;t get it?</Text>
        <Text size="sm" c="dimmed">
          Check your spam or junk folder, then request a new link. If your account uses two-factor authentication and
          you no longer have your authenticator, visit{' '}
          <Anchor component={Link} to="/lost-access-to-2fa" inherit underline="always">
            Lost access to 2FA
          </Anchor>
          .
        </Text>
      </Stack>
      <Group grow>
        <Button component={Link} to="/forgot-password" variant="default">
          Request a new link
        </Button>
        <Button component={Link} to="/sign-in">
          Back to Sign In
        </Button>
      </Group>
    </AuthCard>
  );
}
