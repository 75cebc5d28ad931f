import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileCheck, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import contrast from '@/shared/ui/contrast.module.css';
import { wrappingButtonStyles } from '@/shared/ui/SectionCard';
import readable from '@/shared/ui/readable-errors.module.css';
import { useUploadReleaseForm } from '../hooks/use-collaborations';
import {
  formatDate,
  RELEASE_FORM_ACCEPT,
  releaseFormProblem,
  serviceMessage,
  type Collaboration,
} from '../services/collaborations.service';

/** Whether a signed release form is on file for this collaboration, and the upload of a (new) one. */
export function ReleaseFormField({ entry, person }: { entry: Collaboration; person: string }) {
  const upload = useUploadReleaseForm();
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const hintId = useId();
  const problemId = useId();

  const choose = (file: File | null) => {
    // Lets the same file be picked again after a refusal.
    resetRef.current?.();
    if (!file) return;
    const reason = releaseFormProblem(file);
    setProblem(reason);
    if (reason) return;
    upload.mutate(
      { id: entry.id, file },
      { onError: (error) => setProblem(serviceMessage(error, 'Could not upload the release form')) },
    );
  };

  return (
    <Stack gap={6} className={readable.readableErrors}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {entry.releaseForm ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconFileCheck
              size={18}
              color="var(--mantine-color-teal-filled)"
              aria-hidden
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Text size="sm">
              <Text span fw={600} size="sm">
                Release form on file
              </Text>
              {entry.releaseFormUploadedAt && (
                <Text span c="dimmed" size="sm">{` · uploaded ${formatDate(entry.releaseFormUploadedAt)}`}</Text>
              )}
            </Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={18}
              className={contrast.warningText}
              aria-hidden
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Text size="sm" fw={600} className={contrast.warningText}>
              No release form
            </Text>
          </Group>
        )}
        <FileButton onChange={choose} accept={RELEASE_FORM_ACCEPT} resetRef={resetRef} disabled={upload.isPending}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconUpload size={14} />}
              loading={upload.isPending}
              aria-label={`${entry.releaseForm ? 'Replace' : 'Upload'} release form for ${person}`}
              aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
              styles={wrappingButtonStyles}
            >
              {entry.releaseForm ? 'Replace' : 'Upload'} release form
            </Button>
          )}
        </FileButton>
      </Group>
      <Text id={hintId} size="xs" c="dimmed">
        Signed release form: PDF, JPEG or PNG, up to 10 MB.
      </Text>
      {problem && (
        <Text id={problemId} size="xs" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
