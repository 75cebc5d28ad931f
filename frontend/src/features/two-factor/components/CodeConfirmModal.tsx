import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { TOTP_CODE_LENGTH } from '../services/mfa.service';
import { TotpCodeInput } from './TotpCodeInput';

export interface CodeConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** Ask for a current authenticator code first (the session is aal1 but 2FA is on). */
  requireCode: boolean;
  /** Resolve true to close the dialog. */
  onConfirm: (code: string | undefined) => Promise<boolean>;
}

/** A confirm dialog that, when needed, also collects a current 6-digit code to raise the session to aal2. */
export function CodeConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor,
  requireCode,
  onConfirm,
}: CodeConfirmModalProps) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (opened) setCode('');
  }, [opened]);

  const confirm = async () => {
    setPending(true);
    try {
      const close = await onConfirm(requireCode ? code : undefined);
      if (close) onClose();
      else setCode('');
    } finally {
      setPending(false);
    }
  };

  const blocked = requireCode && code.length !== TOTP_CODE_LENGTH;

  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title={title} centered zIndex={500}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked && !pending) void confirm();
        }}
      >
        <Stack gap="md">
          {children}
          {requireCode && (
            <TotpCodeInput
              label="Current 6-digit code from your authenticator app"
              value={code}
              onChange={setCode}
              data-autofocus
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" color={confirmColor} loading={pending} disabled={blocked}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
