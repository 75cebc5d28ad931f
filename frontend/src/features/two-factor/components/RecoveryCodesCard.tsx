import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconKey, IconRefresh } from '@tabler/icons-react';
import type { RecoveryCodesStatus } from '../services/recovery-codes.service';
import { formatDateTime } from '../services/sessions.service';
import contrast from '@/shared/ui/contrast.module.css';
import { SectionCard, wrappingButtonStyles } from '@/shared/ui/SectionCard';

export interface RecoveryCodesCardProps {
  status: RecoveryCodesStatus | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onRegenerate: () => void;
}

export function RecoveryCodesCard({ status, loading, failed, onRetry, onRegenerate }: RecoveryCodesCardProps) {
  const remaining = status?.remaining ?? 0;
  const low = status !== undefined && remaining <= 3;
  return (
    <SectionCard
      icon={<IconKey size={22} />}
      title="Recovery codes"
      description="One-time codes that let you sign in if you lose your authenticator app."
      badge={
        status ? (
          <Badge
            color={low ? 'orange' : 'teal'}
            variant="light"
            style={{ overflow: 'visible' }}
            classNames={{ label: low ? contrast.orangeOnTint : contrast.tealOnTint }}
          >
            {remaining} left
          </Badge>
        ) : null
      }
    >
      {loading && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading recovery codes...
          </Text>
        </Group>
      )}
      {failed && (
        <Alert color="red" variant="light" title="Couldn't load your recovery codes">
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
      {status && (
        <Stack gap={4}>
          <Text size="sm">
            {status.generatedAt
              ? `You have ${remaining} unused recovery ${remaining === 1 ? 'code' : 'codes'}, generated ${formatDateTime(status.generatedAt)}.`
              : 'You have not generated recovery codes yet.'}
          </Text>
          {low && (
            <Text size="sm" className={contrast.warningText}>
              Generate a new set so you don&apos;t run out.
            </Text>
          )}
        </Stack>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} />}
          onClick={onRegenerate}
          styles={wrappingButtonStyles}
        >
          Regenerate recovery codes
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Codes are shown once when generated. A new set replaces the old one.
      </Text>
    </SectionCard>
  );
}
