import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconRefresh, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { TotpEnrollment } from '../services/mfa.service';
import { TOTP_CODE_LENGTH } from '../services/mfa.service';
import { copyWithToast } from '@/shared/clipboard';
import contrast from '@/shared/ui/contrast.module.css';
import { SectionCard } from '@/shared/ui/SectionCard';
import { TotpCodeInput } from './TotpCodeInput';

export type TwoFactorView = 'loading' | 'error' | 'disabled' | 'setup' | 'enabled';

export interface TwoFactorCardProps {
  view: TwoFactorView;
  enrollment: TotpEnrollment | null;
  enabling: boolean;
  verifying: boolean;
  onRetry: () => void;
  onEnable: () => void;
  onVerify: (code: string) => Promise<boolean>;
  onCancelSetup: () => void;
  onDisable: () => void;
}

/** Groups the secret in blocks of four so it is easier to type into an app. */
function formatSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function SetupPanel({
  enrollment,
  verifying,
  onVerify,
  onCancelSetup,
}: Pick<TwoFactorCardProps, 'verifying' | 'onVerify' | 'onCancelSetup'> & { enrollment: TotpEnrollment }) {
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== TOTP_CODE_LENGTH || verifying) return;
    if (!(await onVerify(code))) setCode('');
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="xs" align="center">
        <Text size="sm" fw={600} ta="center">
          1. Scan this QR code with your authenticator app
        </Text>
        <Box p="sm" bg="white" style={{ borderRadius: 8, lineHeight: 0 }}>
          <Image src={enrollment.qrCode} alt="QR code for your authenticator app" w={180} h={180} fit="contain" />
        </Box>
      </Stack>
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            2. Can&apos;t scan it? Enter this setup key manually
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              fz="sm"
              py={6}
              px="sm"
              style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', letterSpacing: '0.05em' }}
              data-testid="totp-secret"
            >
              {formatSecret(enrollment.secret)}
            </Code>
            <Tooltip label="Copy setup key">
              <ActionIcon
                variant="light"
                size="lg"
                aria-label="Copy setup key"
                onClick={() => copyWithToast(enrollment.secret, 'Setup key')}
              >
                <IconCopy size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text size="xs" c="dimmed">
            Keep this key private. It can restore your authenticator on a new device.
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TotpCodeInput label="3. Enter the 6-digit code from the app" value={code} onChange={setCode} required />
            <Group gap="sm" grow>
              <Button variant="default" onClick={onCancelSetup} disabled={verifying}>
                Cancel
              </Button>
              <Button type="submit" loading={verifying} disabled={code.length !== TOTP_CODE_LENGTH}>
                Verify
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </SimpleGrid>
  );
}

export function TwoFactorCard(props: TwoFactorCardProps) {
  const { view, enrollment, enabling, onRetry, onEnable, onDisable } = props;
  const badge =
    view === 'enabled' ? (
      <Badge color="teal" variant="light" style={{ overflow: 'visible' }} classNames={{ label: contrast.tealOnTint }}>
        Enabled
      </Badge>
    ) : view === 'disabled' || view === 'setup' ? (
      <Badge color="gray" variant="light" style={{ overflow: 'visible' }}>
        Not enabled
      </Badge>
    ) : null;

  return (
    <SectionCard
      icon={<IconShieldLock size={22} />}
      title="Two-Factor Authentication"
      description="Require a 6-digit code from an authenticator app each time you sign in."
      badge={badge}
    >
      {view === 'loading' && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading 2FA status...
          </Text>
        </Group>
      )}
      {view === 'error' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Couldn't load your 2FA status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Failed to fetch 2FA status. Please try again.</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {view === 'disabled' && (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Two-factor authentication is off. Turn it on to protect your account even if someone learns your password.
            You will need an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or
            Authy.
          </Text>
          <Button leftSection={<IconShieldCheck size={18} />} onClick={onEnable} loading={enabling}>
            Enable 2FA
          </Button>
        </Stack>
      )}
      {view === 'setup' && enrollment && <SetupPanel {...props} enrollment={enrollment} />}
      {view === 'enabled' && (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Two-factor authentication is on. After entering your password you will be asked for a code from your
            authenticator app.
          </Text>
          <Button color="red" variant="light" onClick={onDisable}>
            Disable 2FA
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
