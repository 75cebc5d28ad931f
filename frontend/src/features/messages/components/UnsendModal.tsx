import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { serviceMessage } from '@/shared/api-problems';
import type { UnsendResult } from '../services/messages-types';

const fans = (n: number) => (n === 1 ? '1 fan' : `${n.toLocaleString('en')} fans`);

/** What an unsend did, in one sentence: who lost the message, and the buyers who keep what they paid for. */
export function unsendSummary({ withdrawnFrom, keptBy }: UnsendResult): string {
  const removed = `Removed from ${fans(withdrawnFrom)}.`;
  if (keptBy === 0) return removed;
  return `${removed} ${keptBy === 1 ? '1 buyer keeps it' : `${keptBy.toLocaleString('en')} buyers keep it`}: they paid for it.`;
}

interface UnsendModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  onConfirm: () => Promise<UnsendResult>;
}

/** Asks before taking a priced message back, then says what happened. */
export function UnsendModal({ opened, onClose, title, onConfirm }: UnsendModalProps) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<UnsendResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setResult(null);
      setError(null);
    }
  }, [opened]);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      setResult(await onConfirm());
    } catch (failure) {
      setError(serviceMessage(failure, 'The message was not unsent. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title={result ? 'Message unsent' : title} centered>
      {result ? (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start" role="status">
            <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{unsendSummary(result)}</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Fans who have not bought it lose it from their conversation. Fans who bought it keep it, and their payment
            stands.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Keep it
            </Button>
            <Button color="red" loading={pending} onClick={() => void confirm()} data-autofocus>
              Unsend
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
