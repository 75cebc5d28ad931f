import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';
import { useUploads } from '../../hooks/upload-store';
import { useSubmitContent } from '../../hooks/use-content-queries';
import { serviceMessage } from '@/shared/api-problems';
import type { ContentItem } from '../../services/content.service';

/** Draft or rejected -> Pending Review. The server checks the files; its 409 message says what is missing. */
export function SubmitForReview({ item }: { item: ContentItem }) {
  const submit = useSubmitContent(item.id);
  // Paused or waiting uploads count too: the server would only answer that files are missing.
  const uploading = useUploads(item.id).some((entry) => entry.status !== 'done' && entry.status !== 'refused');
  const [problem, setProblem] = useState<string | null>(null);
  const resubmit = item.status === 'rejected';

  const send = async () => {
    setProblem(null);
    try {
      await submit.mutateAsync();
      notify.success('Submitted for review. We will email you when a moderator has decided.');
    } catch (error) {
      const message = serviceMessage(error, 'It could not be submitted. Please try again.');
      setProblem(message);
      notify.error(message);
    }
  };

  return (
    <Stack gap="sm">
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          <Text size="sm">{problem}</Text>
        </Alert>
      )}
      <Group justify="space-between" gap="sm" align="center">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {uploading
            ? 'Finish your uploads before submitting.'
            : 'A moderator checks it against the content policy. It stays private until approved.'}
        </Text>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => void send()}
          loading={submit.isPending}
          disabled={uploading}
        >
          {resubmit ? 'Resubmit for review' : 'Submit for review'}
        </Button>
      </Group>
    </Stack>
  );
}
