import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import contrast from '@/shared/ui/contrast.module.css';
import { storeLabel, type Collaboration, type Permissions } from '../services/collaborations.service';

export interface ApproveModalProps {
  request: Collaboration;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onApprove: (permissions: Permissions) => void;
}

type Kind = 'videos' | 'albums';

/** Approving a request sets what the person may appear in from the start. */
export function ApproveModal({ request, opened, pending, onClose, onApprove }: ApproveModalProps) {
  const [kinds, setKinds] = useState<Kind[]>(['videos', 'albums']);
  const who = storeLabel(request.collaboratorStore);

  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title="Approve collaboration request" centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {`${who} will be on your collaborator list. Choose the kinds of content they may appear in; you can change this at any time.`}
        </Text>
        {!request.collaboratorVerified && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Not verified yet"
            classNames={{ title: contrast.orangeOnTint }}
          >
            <Text size="sm">Content that features them is rejected at review until their identity is verified.</Text>
          </Alert>
        )}
        <Checkbox.Group label="May appear in" value={kinds} onChange={(value) => setKinds(value as Kind[])}>
          <Stack gap="sm" mt="xs">
            <Checkbox value="videos" label="Videos" />
            <Checkbox value="albums" label="Photo albums" />
          </Stack>
        </Checkbox.Group>
        {kinds.length === 0 && (
          <Text size="xs" c="dimmed">
            Without a permission they are on your list but cannot appear in any content yet.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            loading={pending}
            onClick={() => onApprove({ canVideos: kinds.includes('videos'), canAlbums: kinds.includes('albums') })}
          >
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
