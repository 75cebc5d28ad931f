import { ActionIcon, CloseButton, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { percentOf, uploadStore, type UploadEntry, type UploadStatus } from '../../hooks/upload-store';

const STATUS_TEXT: Record<UploadStatus, string> = {
  starting: 'Starting...',
  uploading: 'Uploading',
  reconnecting: 'Connection lost: reconnecting...',
  paused: 'Paused',
  offline: 'Offline: resumes automatically when you are back online',
  done: 'Uploaded',
  refused: 'Refused',
};

export const formatBytes = (bytes: number) => {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
};

/** One file: its own progress bar, pause and resume, and the server's message if it was refused. */
export function UploadRow({ entry }: { entry: UploadEntry }) {
  const percent = percentOf(entry);
  const { fileName, status } = entry;
  const canPause = status === 'uploading' || status === 'reconnecting' || status === 'starting';
  const canResume = status === 'paused' || status === 'offline';
  const finished = status === 'done' || status === 'refused';
  const color = status === 'refused' ? 'red' : status === 'done' ? 'teal' : undefined;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="upload-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }} title={fileName}>
            {fileName}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatBytes(entry.bytesTotal)}
          </Text>
        </Group>
        <Group wrap="nowrap" gap="sm">
          <Progress
            value={status === 'refused' ? 100 : percent}
            color={color}
            striped={status === 'uploading'}
            animated={status === 'uploading'}
            aria-label={`Upload progress of ${fileName}`}
            size="md"
            style={{ flex: 1 }}
          />
          <Text size="sm" fw={600} w={44} ta="right" style={{ flexShrink: 0 }}>
            {status === 'refused' ? '-' : `${percent}%`}
          </Text>
          {canPause && (
            <Tooltip label="Pause">
              <ActionIcon
                variant="subtle"
                aria-label={`Pause upload of ${fileName}`}
                onClick={() => uploadStore.pause(entry.id)}
              >
                <IconPlayerPause size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canResume && (
            <Tooltip label="Resume">
              <ActionIcon
                variant="subtle"
                aria-label={`Resume upload of ${fileName}`}
                onClick={() => uploadStore.resume(entry.id)}
              >
                <IconPlayerPlay size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {finished && (
            <CloseButton size="sm" aria-label={`Dismiss ${fileName}`} onClick={() => uploadStore.dismiss(entry.id)} />
          )}
        </Group>
        {status === 'refused' ? (
          <Text size="xs" c="var(--mantine-color-error)" role="alert">
            {entry.message}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" aria-live="polite">
            {STATUS_TEXT[status]}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
