import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import {
  createCodeChallenge,
  redeemRecoveryCode,
  signInWithPassword,
  signOutAdmin,
  verifyCode,
  type SignInOutcome,
} from '../services/admin-session.service';
import { errorMessage } from '../services/error-message';
import { adminKeys } from './admin-keys';

export type SignInStep = 'credentials' | 'code' | 'not-staff' | 'needs-2fa-setup';

/** Email and password, then the second factor; `adminToken` is written only once the API accepts the aal2 session. */
export function useAdminSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [step, setStep] = useState<SignInStep>('credentials');
  const [pending, setPending] = useState(false);
  const factorId = useRef<string | null>(null);
  const challengeId = useRef<string | null>(null);

  const from = (location.state as { from?: string } | null)?.from;

  const settle = useCallback(
    (outcome: SignInOutcome): boolean => {
      switch (outcome.kind) {
        case 'signed-in':
          client.setQueryData(adminKeys.me, outcome.me);
          notify.success(`Signed in as ${outcome.me.role}`);
          navigate(from?.startsWith('/admin/') ? from : '/admin/verifications', { replace: true });
          return true;
        case 'needs-code':
          return true;
        case 'not-staff':
        case 'needs-2fa-setup':
          setStep(outcome.kind);
          return true;
        case 'failed':
          notify.error(outcome.message);
          return false;
      }
    },
    [client, from, navigate],
  );

  const submitCredentials = async (email: string, password: string) => {
    setPending(true);
    try {
      const outcome = await signInWithPassword(email.trim(), password);
      if (outcome.kind === 'needs-code') {
        factorId.current = outcome.factorId;
        challengeId.current = await createCodeChallenge(outcome.factorId);
        setStep('code');
        return;
      }
      settle(outcome);
    } catch (error) {
      notify.error(`Sign-in failed: ${errorMessage(error)}`);
      await signOutAdmin();
    } finally {
      setPending(false);
    }
  };

  /** Resolves false when the code was not accepted (the caller clears the field). */
  const submitCode = async (code: string): Promise<boolean> => {
    const factor = factorId.current;
    if (!factor) return false;
    setPending(true);
    try {
      challengeId.current ??= await createCodeChallenge(factor);
      return settle(await verifyCode(factor, challengeId.current, code));
    } catch (error) {
      notify.error(`Failed to verify 2FA: ${errorMessage(error)}`);
      // A challenge is single-use: prepare the next one.
      challengeId.current = null;
      challengeId.current = await createCodeChallenge(factor).catch(() => null);
      return false;
    } finally {
      setPending(false);
    }
  };

  const submitRecoveryCode = async (code: string): Promise<boolean> => {
    setPending(true);
    try {
      return settle(await redeemRecoveryCode(code));
    } catch (error) {
      notify.error(`Failed to verify recovery code: ${errorMessage(error)}`);
      return false;
    } finally {
      setPending(false);
    }
  };

  const startOver = async () => {
    setPending(true);
    await signOutAdmin();
    factorId.current = null;
    challengeId.current = null;
    setStep('credentials');
    setPending(false);
  };

  return { step, pending, submitCredentials, submitCode, submitRecoveryCode, startOver };
}
