import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

const CODE_LENGTH = 6;
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

export interface CodeStepProps {
  pending: boolean;
  onCode: (code: string) => Promise<boolean>;
  onRecoveryCode: (code: string) => Promise<boolean>;
  onStartOver: () => void;
}

/** The second sign-in step: a 6-digit authenticator code, or one of the account's recovery codes. */
export function CodeStep({ pending, onCode, onRecoveryCode, onStartOver }: CodeStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (useRecovery) {
      if (recoveryCode.trim() && !(await onRecoveryCode(recoveryCode))) setRecoveryCode('');
    } else if (code.length === CODE_LENGTH && !(await onCode(code))) {
      setCode('');
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {useRecovery ? (
          <TextInput
            key="recovery"
            label="Recovery code"
            placeholder="Enter a recovery code"
            value={recoveryCode}
            onChange={(event) => setRecoveryCode(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            ff="monospace"
            autoFocus
            required
          />
        ) : (
          <TextInput
            key="code"
            label="Authentication code"
            description="From the authenticator app on your phone"
            placeholder="Enter 6-digit code"
            value={code}
            onChange={(event) => setCode(digitsOnly(event.currentTarget.value))}
            maxLength={CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
            styles={{ input: { letterSpacing: code ? '0.3em' : undefined, textAlign: 'center' } }}
          />
        )}
        <Button
          type="submit"
          fullWidth
          loading={pending}
          leftSection={useRecovery ? <IconKey size={18} /> : undefined}
          disabled={useRecovery ? !recoveryCode.trim() : code.length !== CODE_LENGTH}
        >
          {useRecovery ? 'Use recovery code' : 'Verify'}
        </Button>
        <Stack gap={4} align="center">
          <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((value) => !value)}>
            {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onStartOver} disabled={pending}>
            Start over with another account
          </Anchor>
        </Stack>
        {useRecovery && (
          <Text size="xs" c="dimmed" ta="center">
            Each recovery code works once.
          </Text>
        )}
      </Stack>
    </form>
  );
}
