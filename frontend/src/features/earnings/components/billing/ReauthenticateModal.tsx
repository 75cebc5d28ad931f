import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TotpCodeInput, TOTP_CODE_LENGTH, errorMessage } from '@/features/two-factor';
import { serviceMessage } from '@/shared/api-problems';
import {
  reauthenticateWithCode,
  reauthenticateWithPassword,
  reauthenticationMethod,
} from '../../services/reauthenticate.service';

export interface ReauthenticateModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the session is re-authenticated; the pending change is retried there. */
  onConfirmed: () => Promise<void>;
}

/** Asks for the password (or, with 2FA on, a current code) before a payout method change. */
export function ReauthenticateModal({ opened, onClose, onConfirmed }: ReauthenticateModalProps) {
  const [method, setMethod] = useState<'password' | 'code' | null>(null);
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setSecret('');
    setProblem(null);
    setMethod(null);
    reauthenticationMethod().then(setMethod, () => setMethod('password'));
  }, [opened]);

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      if (method === 'code') await reauthenticateWithCode(secret);
      else await reauthenticateWithPassword(secret);
    } catch (error) {
      setProblem(
        method === 'code'
          ? errorMessage(error)
          : serviceMessage(error, 'That password is not correct. Please try again.'),
      );
      setSecret('');
      setPending(false);
      return;
    }
    try {
      await onConfirmed();
      onClose();
    } catch (error) {
      setProblem(serviceMessage(error, 'The change could not be saved. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const blocked = method === null || (method === 'code' ? secret.length !== TOTP_CODE_LENGTH : secret.length === 0);

  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title="Confirm it’s you" centered zIndex={500}>
      <form
        onSubmit={(event) => {
          // React events cross portals: keep this submit from reaching a form the dialog is rendered in.
          event.preventDefault();
          event.stopPropagation();
          if (!blocked && !pending) void confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {method === 'code'
              ? 'Changing where your payouts go needs a recent sign-in. Enter a current code from your authenticator app.'
              : 'Changing where your payouts go needs a recent sign-in. Enter your password to continue.'}
          </Text>
          {method === 'code' ? (
            <TotpCodeInput
              label="Current 6-digit code from your authenticator app"
              value={secret}
              onChange={setSecret}
              data-autofocus
            />
          ) : (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              disabled={method === null}
              data-autofocus
            />
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={blocked}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
