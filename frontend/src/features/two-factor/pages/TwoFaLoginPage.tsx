import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { BRAND } from '../../../lib/site';
import { Anchor, Button, Divider, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '@/features/auth';
import { useTwoFaLogin } from '../hooks/use-two-fa-login';
import { TOTP_CODE_LENGTH } from '../services/mfa.service';
import { TotpCodeInput } from '../components/TotpCodeInput';

export function TwoFaLoginPage() {
  usePageMeta({
    title: 'Two-Factor Verification',
    description: `Enter the 6-digit code from your authenticator app to finish signing in to your ${BRAND} account.`,
    noindex: true,
  });
  const { phase, loading, verifying, redeeming, verify, redeem, cancel } = useTwoFaLogin();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || code.length !== TOTP_CODE_LENGTH) return;
    if (!(await verify(code))) setCode('');
  };

  const submitRecovery = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || !recoveryCode.trim()) return;
    if (!(await redeem(recoveryCode))) setRecoveryCode('');
  };

  return (
    <AuthCard
      icon={<IconShieldLock size={28} />}
      title="Two-Factor Verification"
      subtitle={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app to finish signing in.'
      }
    >
      {phase === 'initializing' && (
        <Stack align="center" gap="xs" py="xs" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Preparing verification...
          </Text>
        </Stack>
      )}

      {!useRecovery ? (
        <form method="post" onSubmit={submitCode} noValidate>
          <HydratedFieldset>
            <Stack gap="md">
              <TotpCodeInput
                label="Authentication code"
                value={code}
                onChange={setCode}
                required
                autoFocus
                size="md"
                styles={{ input: { letterSpacing: code ? '0.3em' : undefined, textAlign: 'center' } }}
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={verifying}
                disabled={loading || code.length !== TOTP_CODE_LENGTH}
              >
                Verify Code
              </Button>
            </Stack>
          </HydratedFieldset>
        </form>
      ) : (
        <form method="post" onSubmit={submitRecovery} noValidate>
          <HydratedFieldset>
            <Stack gap="md">
              <TextInput
                label="Recovery code"
                placeholder="Enter a recovery code"
                value={recoveryCode}
                onChange={(event) => setRecoveryCode(event.currentTarget.value)}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                required
                autoFocus
                size="md"
                ff="monospace"
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                leftSection={<IconKey size={18} />}
                loading={redeeming}
                disabled={loading || !recoveryCode.trim()}
              >
                Use Recovery Code
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                Each recovery code works once.
              </Text>
            </Stack>
          </HydratedFieldset>
        </form>
      )}

      <Stack gap="xs" align="center">
        <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((value) => !value)}>
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code'}
        </Anchor>
        <Anchor component={Link} to="/lost-access-to-2fa" size="sm">
          Lost access to your authenticator?
        </Anchor>
      </Stack>

      <Divider />
      <Button variant="subtle" color="gray" fullWidth onClick={cancel} disabled={phase === 'leaving'}>
        Cancel and return to login
      </Button>
    </AuthCard>
  );
}
