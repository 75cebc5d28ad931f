import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import contrast from './contrast.module.css';

/** A list that could not be loaded, with a retry. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      classNames={{ title: contrast.orangeOnTint }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Check your connection and try again.</Text>
        <Button variant="light" color="orange" size="xs" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
