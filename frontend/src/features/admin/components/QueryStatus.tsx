import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';

/** A record the address cannot name: an unknown id (404), or one that is not an id at all (400 from the id check). */
const isMissing = (error: Error) =>
  error instanceof ApiError && (error.status === 404 || (error.status === 400 && /uuid/i.test(error.message)));

/** Loading and error states of a console query, the same everywhere. */
export function QueryStatus({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  if (error && isMissing(error)) {
    return (
      <Alert color="gray" variant="light" icon={<IconSearchOff size={20} />} title="Nothing here" role="alert">
        No record has this address. It may have been mistyped or cut short; go back to the list to find it.
      </Alert>
    );
  }
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
