import { Box, Button, FileButton, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useState, type Ref } from 'react';
import { wrappingButtonStyles } from '@/shared/ui/SectionCard';
import { ACCEPTED_IMAGE_TYPES, imageProblem } from '../services/verification.service';

export interface ImageUploadFieldProps {
  /** Field name in the submission; also names the hidden file input. */
  name: string;
  uploadLabel: string;
  changeLabel: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  resetRef: Ref<() => void>;
  disabled?: boolean;
}

const PREVIEW_SIZE = 88;

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Object URL of the chosen image for the preview, released when the file changes or the field goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function ImageUploadField({
  name,
  uploadLabel,
  changeLabel,
  hint,
  file,
  onChange,
  resetRef,
  disabled,
}: ImageUploadFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const preview = usePreviewUrl(file);
  const hintId = useId();
  const errorId = useId();

  const choose = (picked: File | null) => {
    // A cancelled file dialog reports no file: keep what was chosen before.
    if (!picked) return;
    const reason = imageProblem(picked);
    setProblem(reason);
    setPreviewFailed(false);
    onChange(reason ? null : picked);
  };

  return (
    <Stack gap={6}>
      <Group gap="md" wrap="nowrap" align="center">
        <Box
          w={PREVIEW_SIZE}
          h={PREVIEW_SIZE}
          style={{
            flexShrink: 0,
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px dashed var(--mantine-color-default-border)',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {file && preview && !previewFailed ? (
            <Image
              src={preview}
              alt={`Preview of ${file.name}`}
              w={PREVIEW_SIZE}
              h={PREVIEW_SIZE}
              fit="cover"
              onError={() => setPreviewFailed(true)}
            />
          ) : (
            <ThemeIcon size={40} radius="xl" variant="light" color={file ? 'fanmint' : 'gray'} aria-hidden>
              <IconPhoto size={22} />
            </ThemeIcon>
          )}
        </Box>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <FileButton
            onChange={choose}
            accept={ACCEPTED_IMAGE_TYPES}
            resetRef={resetRef}
            disabled={disabled}
            inputProps={{ name, 'aria-label': uploadLabel, tabIndex: -1 }}
          >
            {(props) => (
              <Button
                {...props}
                variant={file ? 'default' : 'light'}
                leftSection={<IconUpload size={16} />}
                disabled={disabled}
                aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
                styles={wrappingButtonStyles}
                style={{ alignSelf: 'flex-start' }}
              >
                {file ? changeLabel : uploadLabel}
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {`${file.name} · ${formatSize(file.size)}`}
            </Text>
          )}
          <Text size="xs" c="dimmed" id={hintId}>
            {hint}
          </Text>
        </Stack>
      </Group>
      {problem && (
        <Text size="sm" c="var(--mantine-color-error)" id={errorId} role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
