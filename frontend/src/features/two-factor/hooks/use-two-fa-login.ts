import { trackEvent } from '../../../lib/analytics';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { auth } from '../../../lib/auth-client';
import { notify } from '../../../lib/notify';
import { createChallenge, errorMessage, listTotpFactors, verifyChallenge } from '../services/mfa.service';
import { redeemRecoveryCode } from '../services/recovery-codes.service';
import { takeReturnTo } from '@/features/auth';

type Phase = 'initializing' | 'ready' | 'verifying' | 'redeeming' | 'leaving';

/** /two-fa-login: finds the verified authenticator, keeps a challenge ready and verifies codes (SPEC §4). */
export function useTwoFaLogin() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('initializing');
  const [factorId, setFactorId] = useState<string | null>(null);
  const challengeId = useRef<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A ref, not a cleanup flag: StrictMode re-runs effects and must not create a second challenge.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { data } = await auth.getSession();
        if (!data.session) {
          navigate('/sign-in', { replace: true });
          return;
        }
        const { verified } = await listTotpFactors();
        const factor = verified[0];
        if (!factor) {
          notify.error('No MFA setup found. Please sign in normally.');
          navigate('/sign-in', { replace: true });
          return;
        }
        challengeId.current = await createChallenge(factor.id);
        setFactorId(factor.id);
        setPhase('ready');
      } catch (error) {
        notify.error(`Error setting up 2FA verification: ${errorMessage(error)}`);
        navigate('/sign-in', { replace: true });
      }
    })();
  }, [navigate]);

  /** Returns true on success; on failure the caller clears the field. */
  const verify = useCallback(
    async (code: string): Promise<boolean> => {
      if (!factorId) return false;
      setPhase('verifying');
      try {
        if (!challengeId.current) challengeId.current = await createChallenge(factorId);
        await verifyChallenge(factorId, challengeId.current, code);
        trackEvent('Authentication', 'two_factor_verified');
        notify.success('2FA verification successful');
        setPhase('leaving');
        navigate(takeReturnTo(null) ?? '/dashboard');
        return true;
      } catch (error) {
        trackEvent('Error', 'two_factor_failed');
        notify.error(`Failed to verify 2FA: ${errorMessage(error)}`);
        // A challenge is single-use: prepare a fresh one for the next attempt.
        challengeId.current = null;
        try {
          challengeId.current = await createChallenge(factorId);
        } catch (challengeError) {
          console.warn('Could not create a new 2FA challenge', challengeError);
        }
        setPhase('ready');
        return false;
      }
    },
    [factorId, navigate],
  );

  const redeem = useCallback(
    async (code: string): Promise<boolean> => {
      setPhase('redeeming');
      try {
        await redeemRecoveryCode(code);
        notify.success('2FA verification successful');
        notify.info('You used a recovery code. Generate new codes in Security Settings if you are running low.');
        setPhase('leaving');
        navigate(takeReturnTo(null) ?? '/dashboard');
        return true;
      } catch (error) {
        notify.error(`Failed to verify recovery code: ${errorMessage(error)}`);
        setPhase('ready');
        return false;
      }
    },
    [navigate],
  );

  const cancel = useCallback(async () => {
    setPhase('leaving');
    try {
      const { error } = await auth.signOut({ scope: 'local' });
      if (error) notify.error(`Error signing out: ${error.message}`);
    } catch (error) {
      notify.error(`Error signing out: ${errorMessage(error)}`);
    }
    navigate('/');
  }, [navigate]);

  return {
    phase,
    loading: phase !== 'ready',
    verifying: phase === 'verifying',
    redeeming: phase === 'redeeming',
    verify,
    redeem,
    cancel,
  };
}
