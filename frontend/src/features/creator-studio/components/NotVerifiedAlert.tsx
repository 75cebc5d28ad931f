import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import contrast from '@/shared/ui/contrast.module.css';

/** Why the creator cannot go on yet, and where to verify (SPEC §6: only verified creators sell and upload). */
export function NotVerifiedAlert({ processing = false, action }: { processing?: boolean; action: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconId size={18} />}
      title={processing ? 'Your verification is being processed' : 'Verify your identity first'}
      classNames={{ title: contrast.orangeOnTint }}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {processing
            ? `Only verified creators can ${action}. You can continue as soon as your verification is accepted.`
            : `Only verified creators can ${action}. Verify your identity with a government ID; you must be 18 or older.`}
        </Text>
        <Button component={Link} to="/dashboard/verification" size="xs">
          {processing ? 'Check verification status' : 'Go to Verification'}
        </Button>
      </Stack>
    </Alert>
  );
}
