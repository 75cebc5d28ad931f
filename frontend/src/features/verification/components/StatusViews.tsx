import { Button, Card, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatLocalDate } from '../services/verification.service';

export function ProcessingView({ submittedAt }: { submittedAt: string | null }) {
  const submitted = formatLocalDate(submittedAt);
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-live="polite">
      <Stack gap="sm" align="center" ta="center" py="md">
        <Loader size="lg" aria-hidden />
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Verification Processing
        </Title>
        <Text c="dimmed" maw={520}>
          Our team is reviewing your documents. We will email you as soon as there is a decision.
        </Text>
        {submitted && (
          <Text size="sm" c="dimmed">
            {`Submitted on ${submitted}`}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function AcceptedView({ verifiedAt }: { verifiedAt: string | null }) {
  const verified = formatLocalDate(verifiedAt);
  return (
    <Card withBorder radius="lg" padding="xl" component="section">
      <Stack gap="sm" align="center" ta="center" py="md">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconShieldCheck size={30} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          User Verified.
        </Title>
        {verified && <Text c="dimmed">{`Account Verified at ${verified}`}</Text>}
        <Button component={Link} to="/dashboard/mystoresettings" leftSection={<IconBuildingStore size={18} />} mt="sm">
          Go to Store Settings
        </Button>
      </Stack>
    </Card>
  );
}
