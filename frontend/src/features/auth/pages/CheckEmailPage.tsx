import { BRAND } from '../../../lib/site';
import { Button, List, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconMailOpened, IconRefresh, IconMailExclamation } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';

const tip = (icon: ReactNode) => (
  <ThemeIcon size={24} radius="xl" variant="light" color="aqua">
    {icon}
  </ThemeIcon>
);

export function CheckEmailPage() {
  usePageMeta({
    title: 'Check Your Email',
    description: `We sent a verification link to your email. Open it to activate your ${BRAND} account, and check your spam folder.`,
    noindex: true,
  });
  return (
    <AuthCard
      icon={<IconMailOpened size={28} />}
      title="Check Your Email"
      subtitle="We've sent a verification link to your email address. Click it to activate your account."
    >
      <List spacing="sm" size="sm" ps={0} listStyleType="none">
        <List.Item icon={tip(<IconClock size={14} />)}>
          <Text size="sm">The email may take a few minutes to arrive.</Text>
        </List.Item>
        <List.Item icon={tip(<IconMailExclamation size={14} />)}>
          <Text size="sm">Check your spam or junk folder if you don&apos;t see it.</Text>
        </List.Item>
        <List.Item icon={tip(<IconRefresh size={14} />)}>
          <Text size="sm">
            Need a new link? Try to sign in and choose <strong>Resend Verification Email</strong>.
          </Text>
        </List.Item>
      </List>
      <Button component={Link} to="/sign-in" size="md" fullWidth>
        Go to Sign In
      </Button>
    </AuthCard>
  );
}
