import { trackEvent } from '../../../lib/analytics';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@/features/auth';

export function LogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    // Sign-out errors are console-only in the dashboard (SPEC §8); the local session is cleared either way.
    trackEvent('Authentication', 'sign_out');
    await signOut();
    setPending(false);
    onClose();
    navigate('/');
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Confirm Logout" centered zIndex={500}>
      <Text size="sm">
        Are you sure you want to log out? This will end your session and redirect you to the home page.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={pending}>
          Log Out
        </Button>
      </Group>
    </Modal>
  );
}
