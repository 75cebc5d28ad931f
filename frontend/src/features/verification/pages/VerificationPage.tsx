import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { PausedOverlay } from '../components/PausedOverlay';
import { AcceptedView, ProcessingView } from '../components/StatusViews';
import { VerificationForm } from '../components/VerificationForm';
import { usePlatformConfig, useVerificationStatus } from '../hooks/use-verification-queries';
import { verificationView } from '../services/verification.service';

export function VerificationPage() {
  usePageMeta({ title: 'Verification', noindex: true });
  const config = usePlatformConfig();
  const status = useVerificationStatus();

  useEffect(() => {
    // SPEC §8: a failed status fetch is logged only; the page then offers the form.
    if (status.isError) console.error('Could not fetch the verification status', status.error);
  }, [status.isError, status.error]);
  useEffect(() => {
    if (config.isError) console.error('Could not fetch the platform config', config.error);
  }, [config.isError, config.error]);

  const loading = config.isPending || status.isPending;
  const record = status.data;
  const view = verificationView(record?.status);
  // Without the config the pre-launch default applies (verification paused).
  const paused = !config.isPending && config.data?.launchPhase !== 'live';

  let content: ReactNode;
  if (view === 'processing') {
    content = <ProcessingView submittedAt={record?.submittedAt ?? null} />;
  } else if (view === 'accepted') {
    content = <AcceptedView verifiedAt={record?.verifiedAt ?? null} />;
  } else {
    content = (
      <Stack gap="md">
        {view === 'rejected' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Verification Rejected. Check email for details and try again.
              </Text>
              {record?.rejectionReason && <Text size="sm">{`Reason: ${record.rejectionReason}`}</Text>}
            </Stack>
          </Alert>
        )}
        {view === 'unexpected' && (
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
            <Text size="sm">Unexpected verification status. Please try again.</Text>
          </Alert>
        )}
        <VerificationForm />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Verification
        </Title>
        <Text c="dimmed">
          Verify your identity to sell as a creator and to earn as a referrer. You must be 18 or older.
        </Text>
      </Stack>
      {loading ? (
        <Center py="xl">
          <Loader aria-label="Loading verification status" />
        </Center>
      ) : paused && view !== 'accepted' ? (
        <PausedOverlay>{content}</PausedOverlay>
      ) : (
        content
      )}
    </Stack>
  );
}
