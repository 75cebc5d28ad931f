import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuthSession } from '@/features/auth';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { CodeConfirmModal } from '../components/CodeConfirmModal';
import { EndOtherSessionsModal } from '../components/EndOtherSessionsModal';
import { RecoveryCodesCard } from '../components/RecoveryCodesCard';
import { RecoveryCodesModal } from '../components/RecoveryCodesModal';
import { SessionsCard } from '../components/SessionsCard';
import { TwoFactorCard, type TwoFactorView } from '../components/TwoFactorCard';
import {
  useAccountSessions,
  useAssuranceLevel,
  useRecoveryCodesStatus,
  useRefreshSecurity,
  useTotpFactors,
} from '../hooks/use-security-queries';
import {
  challengeAndVerify,
  errorMessage,
  listTotpFactors,
  needsStepUp,
  startTotpEnrollment,
  stepUpWithCode,
  unenrollFactor,
  type TotpEnrollment,
} from '../services/mfa.service';
import { generateRecoveryCodes } from '../services/recovery-codes.service';
import { endOtherSessions, endSession } from '../services/sessions.service';

export function SecuritySettingsPage() {
  usePageMeta({ title: 'Security Settings', noindex: true });
  const { session } = useAuthSession();
  const factors = useTotpFactors();
  const aal = useAssuranceLevel();
  const enabled = (factors.data?.verified.length ?? 0) > 0;
  const recoveryStatus = useRecoveryCodesStatus(enabled);
  const sessions = useAccountSessions();
  const refresh = useRefreshSecurity();

  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [enabling, setEnabling] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [offerEndOthers, setOfferEndOthers] = useState(false);
  /** Set while recovery codes are on screen: the end-sessions offer waits until they are dismissed. */
  const offerAfterCodes = useRef(false);

  const stepUpRequired = needsStepUp(aal.data);

  useEffect(() => {
    if (factors.isError) notify.error('Failed to fetch 2FA status. Please try again.');
  }, [factors.isError, factors.errorUpdatedAt]);

  const view: TwoFactorView = enrollment
    ? 'setup'
    : factors.isPending
      ? 'loading'
      : factors.isError
        ? 'error'
        : enabled
          ? 'enabled'
          : 'disabled';

  /** Offer to end other sessions, unless we know there are none. */
  const offerToEndOthers = () => {
    const others = sessions.data?.filter((s) => !s.current).length;
    if (others === 0) return;
    setOfferEndOthers(true);
  };

  const enable = async () => {
    setEnabling(true);
    try {
      const next = await startTotpEnrollment();
      setEnrollment(next);
      notify.success('2FA setup initiated. Scan the QR code and enter the token.');
    } catch (error) {
      notify.error(`Failed to enable 2FA: ${errorMessage(error)}`);
    } finally {
      setEnabling(false);
    }
  };

  const verifySetup = async (code: string): Promise<boolean> => {
    if (!enrollment) return false;
    setVerifying(true);
    try {
      const verified = await challengeAndVerify(enrollment.factorId, code);
      notify.success('2FA enabled successfully!');
      setEnrollment(null);
      offerAfterCodes.current = true;
      try {
        setCodes(await generateRecoveryCodes(verified?.access_token));
      } catch (error) {
        offerAfterCodes.current = false;
        notify.error(
          `Could not generate recovery codes: ${errorMessage(error)}. Use 'Regenerate recovery codes' to try again.`,
        );
        offerToEndOthers();
      }
      await refresh();
      return true;
    } catch (error) {
      notify.error(`Failed to verify 2FA token: ${errorMessage(error)}`);
      return false;
    } finally {
      setVerifying(false);
    }
  };

  const cancelSetup = async () => {
    const pending = enrollment;
    setEnrollment(null);
    if (!pending) return;
    try {
      await unenrollFactor(pending.factorId);
    } catch (error) {
      // Harmless: the next "Enable 2FA" removes unfinished factors anyway.
      console.warn('Could not remove the unfinished factor', error);
    }
  };

  const stepUpIfNeeded = async (code: string | undefined): Promise<boolean> => {
    if (!stepUpRequired) return true;
    try {
      await stepUpWithCode(code ?? '');
      return true;
    } catch (error) {
      notify.error(`Failed to verify 2FA token: ${errorMessage(error)}`);
      return false;
    }
  };

  const disable = async (code: string | undefined): Promise<boolean> => {
    if (!(await stepUpIfNeeded(code))) return false;
    try {
      const { verified } = await listTotpFactors();
      if (verified.length === 0) {
        notify.error('No enabled 2FA found. Please refresh the page.');
        return true;
      }
      for (const factor of verified) await unenrollFactor(factor.id);
      notify.success('2FA disabled successfully');
      await refresh();
      offerToEndOthers();
      return true;
    } catch (error) {
      notify.error(`Failed to disable 2FA: ${errorMessage(error)}`);
      await refresh();
      return true;
    }
  };

  const regenerate = async (code: string | undefined): Promise<boolean> => {
    if (!(await stepUpIfNeeded(code))) return false;
    try {
      setCodes(await generateRecoveryCodes());
      await refresh();
      return true;
    } catch (error) {
      notify.error(`Failed to generate recovery codes: ${errorMessage(error)}`);
      return false;
    }
  };

  const closeCodes = () => {
    setCodes(null);
    if (offerAfterCodes.current) {
      offerAfterCodes.current = false;
      offerToEndOthers();
    }
  };

  const endOne = async (id: string) => {
    try {
      await endSession(id);
      notify.success('Session ended');
    } catch (error) {
      notify.error(`Failed to end the session: ${errorMessage(error)}`);
    }
    await sessions.refetch();
  };

  const endOthers = async (): Promise<boolean> => {
    try {
      await endOtherSessions();
      notify.success('All other sessions have been ended');
      await sessions.refetch();
      return true;
    } catch (error) {
      notify.error(`Failed to end other sessions: ${errorMessage(error)}`);
      return false;
    }
  };

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to="/dashboard/settings" size="sm">
            General Settings
          </Anchor>
          <Text size="sm" c="dimmed">
            Security
          </Text>
        </Breadcrumbs>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Security Settings
        </Title>
        <Text c="dimmed">Manage two-factor authentication, recovery codes, your password and signed-in devices.</Text>
      </Stack>

      <TwoFactorCard
        view={view}
        enrollment={enrollment}
        enabling={enabling}
        verifying={verifying}
        onRetry={() => void factors.refetch()}
        onEnable={enable}
        onVerify={verifySetup}
        onCancelSetup={cancelSetup}
        onDisable={() => setDisableOpen(true)}
      />

      {enabled && !enrollment && (
        <RecoveryCodesCard
          status={recoveryStatus.data}
          loading={recoveryStatus.isPending}
          failed={recoveryStatus.isError}
          onRetry={() => void recoveryStatus.refetch()}
          onRegenerate={() => setRegenerateOpen(true)}
        />
      )}

      <ChangePasswordCard requireCode={stepUpRequired} onChanged={offerToEndOthers} />

      <SessionsCard
        sessions={sessions.data}
        loading={sessions.isPending}
        failed={sessions.isError}
        onRetry={() => void sessions.refetch()}
        onEnd={endOne}
        onEndOthers={endOthers}
      />

      <CodeConfirmModal
        opened={disableOpen}
        onClose={() => setDisableOpen(false)}
        title="Disable Two-Factor Authentication?"
        confirmLabel="Disable 2FA"
        confirmColor="red"
        requireCode={stepUpRequired}
        onConfirm={disable}
      >
        <Text size="sm">
          Your account will be protected by your password only, and your recovery codes will stop working. You can turn
          2FA on again at any time.
        </Text>
      </CodeConfirmModal>

      <CodeConfirmModal
        opened={regenerateOpen}
        onClose={() => setRegenerateOpen(false)}
        title="Regenerate recovery codes?"
        confirmLabel="Regenerate"
        requireCode={stepUpRequired}
        onConfirm={regenerate}
      >
        <Text size="sm">
          A new set of 10 codes replaces your current ones. Codes you saved before will stop working.
        </Text>
      </CodeConfirmModal>

      <RecoveryCodesModal codes={codes} email={session?.user.email} onClose={closeCodes} />
      <EndOtherSessionsModal opened={offerEndOthers} onClose={() => setOfferEndOthers(false)} onConfirm={endOthers} />
    </Stack>
  );
}
