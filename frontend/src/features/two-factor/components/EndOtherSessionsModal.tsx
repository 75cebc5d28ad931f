import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface EndOtherSessionsModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
}

/** Offered after a security change (2FA on/off, password changed). */
export function EndOtherSessionsModal({ opened, onClose, onConfirm }: EndOtherSessionsModalProps) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      if (await onConfirm()) onClose();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Sign out your other devices?" centered zIndex={500}>
      <Stack gap="md">
        <Text size="sm">
          You just changed your security settings. If you are signed in anywhere else, such as another browser or a
          device you no longer use, you can end those sessions now. This device stays signed in.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Not now
          </Button>
          <Button color="red" onClick={confirm} loading={pending}>
            End all other sessions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
