import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { REJECT_COLOR } from './action-colors';

export interface ReasonModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  label: string;
  description?: string;
  placeholder?: string;
  minLength: number;
  maxLength: number;
  confirmLabel: string;
  confirmColor?: string;
  /** Something besides the reason is still missing (e.g. a choice in `children`). */
  confirmDisabled?: boolean;
  pending: boolean;
  /** Receives the trimmed reason. */
  onConfirm: (reason: string) => void;
}

/** A confirm dialog that needs a written reason of a given length (rejections, removals, case notes, turning off someone's 2FA). */
export function ReasonModal({
  opened,
  onClose,
  title,
  children,
  label,
  description,
  placeholder,
  minLength,
  maxLength,
  confirmLabel,
  confirmColor = REJECT_COLOR,
  confirmDisabled = false,
  pending,
  onConfirm,
}: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (opened) {
      setReason('');
      setTouched(false);
    }
  }, [opened]);

  const length = reason.trim().length;
  const valid = length >= minLength && length <= maxLength;
  const error =
    touched && !valid
      ? length < minLength
        ? `At least ${minLength} characters`
        : `At most ${maxLength} characters`
      : null;

  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title={title} centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (valid && !confirmDisabled && !pending) onConfirm(reason.trim());
        }}
        noValidate
      >
        <Stack gap="md">
          {children}
          <Textarea
            label={label}
            description={description}
            placeholder={placeholder}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={error}
            rows={4}
            resize="vertical"
            required
            data-autofocus
          />
          <Text size="xs" c={length > maxLength ? 'red' : 'dimmed'} ta="right" mt={-8} aria-live="polite">
            {length}/{maxLength}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" color={confirmColor} loading={pending} disabled={!valid || confirmDisabled}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
