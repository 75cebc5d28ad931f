import { BRAND } from '../../../lib/site';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';

export function AccountLockedPage() {
  usePageMeta({
    title: 'Account Locked',
    description: `Your ${BRAND} account appears to be locked after too many sign-in attempts. Contact support or reset your password.`,
    noindex: true,
  });
  return (
    <AuthCard icon={<IconLock size={28} />} title="Account Locked" subtitle="Your account appears to be locked.">
      <Stack gap="sm">
        <Text size="sm">
          After several failed sign-in attempts we pause sign-ins from your network for 15 minutes to keep your account
          safe. You can try again once the pause ends.
        </Text>
        <Text size="sm">
          Forgot your password?{' '}
          <Anchor component={Link} to="/forgot-password" size="sm" inherit underline="always">
            Reset it
          </Anchor>{' '}
          and the lock is lifted straight away.
        </Text>
      </Stack>
      <Button component={Link} to="/support" size="md" fullWidth variant="light">
        Contact Support
      </Button>
    </AuthCard>
  );
}
