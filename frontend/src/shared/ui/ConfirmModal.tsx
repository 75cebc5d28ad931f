import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that backs out; 'Cancel' unless that would read like the action (e.g. 'Keep subscription'). */
  cancelLabel?: string;
  confirmColor?: string;
  confirmDisabled?: boolean;
  pending: boolean;
  onConfirm: () => void;
}

/** Asks before an action that cannot be taken back: the caller's text, a way out and the action. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmColor,
  confirmDisabled,
  pending,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title={title} centered>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={pending} disabled={confirmDisabled} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
