import { BRAND } from '../../../lib/site';
import { Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMail } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';
import { useVerifyEmail } from '../hooks/use-verify-email';

export function VerifyEmailPage() {
  usePageMeta({
    title: 'Verify Email',
    description: `Confirming the email address of your ${BRAND} account. You will be taken to sign in when it is done.`,
    noindex: true,
  });
  const [params] = useSearchParams();
  const view = useVerifyEmail(params.get('token'), params.get('next'));

  if (view === 'verified') {
    return (
      <AuthCard icon={<IconCircleCheck size={30} />} title="Email Verified">
        <Text ta="center">Your email address is confirmed. Taking you to sign in...</Text>
      </AuthCard>
    );
  }
  if (view === 'failed') {
    return (
      <AuthCard icon={<IconCircleX size={30} />} title="Verification Failed">
        <Text ta="center">Unable to verify your email. The link may be invalid or expired.</Text>
        <Text ta="center" size="sm" c="dimmed">
          Redirecting you to sign in...
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={<IconMail size={28} />} title="Verifying your email">
      <Loader mx="auto" aria-label="Verifying" />
      <Text ta="center" c="dimmed" size="sm">
        This only takes a moment.
      </Text>
    </AuthCard>
  );
}
