import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Loading and error states of a console query, the same everywhere. */
export function QueryStatus({ isPending, error, onRetry }: { isPending: boolean; error: Error | null; onRetry: () => void }) {
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Could not load" role="alert">
        {error.message}
        <Button variant="default" size="xs" mt="sm" display="block" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  return null;
}
