import { Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@/shared/format';
import { listAttachableItems } from '../services/messages.service';

interface AttachPickerProps {
  opened: boolean;
  onClose: () => void;
  onSend: (contentIds: string[]) => Promise<void>;
}

/** A creator picks approved items of their store to send in the conversation. */
export function AttachPicker({ opened, onClose, onSend }: AttachPickerProps) {
  const items = useQuery({ queryKey: ['messages', 'attachable'], queryFn: listAttachableItems, enabled: opened });
  const [chosen, setChosen] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await onSend(chosen);
      setChosen([]);
      onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Attach from your store" centered>
      <Stack gap="sm">
        {items.isPending && <Loader size="sm" aria-label="Loading your items" />}
        {items.isError && <Text c="red">Your items could not be loaded. Close this and try again.</Text>}
        {items.data?.length === 0 && <Text c="dimmed">You have no approved items yet. Items appear here once moderators approve them.</Text>}
        <Checkbox.Group value={chosen} onChange={setChosen} label="Approved items" hidden={!items.data?.length}>
          <Stack gap="xs" mt="xs">
            {items.data?.map((item) => (
              <Checkbox key={item.id} value={item.id} label={`${item.title} · ${item.kind === 'video' ? 'Video' : 'Album'} · ${formatMoney(item.priceMinor, item.currency)}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={chosen.length === 0} loading={sending} onClick={() => void send()}>
            Send {chosen.length > 1 ? `${chosen.length} items` : 'item'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
