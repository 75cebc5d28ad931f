import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Anonymous visitors never get adult stores from the API; this says why and where to get them. */
export function SignedOutNote({ children }: { children: string }) {
  return (
    <Alert variant="light" color="gray" radius="md" icon={<IconLock size={18} />} p="sm">
      <Text size="sm">
        {children}{' '}
        <Anchor component={Link} to="/sign-in" inherit fw={600} underline="always">
          Sign In
        </Anchor>
      </Text>
    </Alert>
  );
}
