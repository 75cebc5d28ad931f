import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { verifyEmail } from '../services/account.service';
import { withNext } from '../services/return-to';

export const VERIFY_SUCCESS_REDIRECT_MS = 2000;
export const VERIFY_FAILED_VIEW_MS = 1000;
export const VERIFY_FAILED_REDIRECT_MS = 2000;

export type VerifyEmailView = 'verifying' | 'verified' | 'failed';

/**
 * Verifies once per token (the link is single-use, so the query dedupes and never retries).
 * Sign-in then leads to the link's `next` (a store and its item), so another browser gets there too.
 */
export function useVerifyEmail(token: string | null, next: string | null = null): VerifyEmailView {
  const navigate = useNavigate();
  const signIn = withNext('/sign-in', next);
  const [failedShown, setFailedShown] = useState(false);
  const notified = useRef(false);
  const query = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await verifyEmail(token as string);
      return true;
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (token || notified.current) return;
    notified.current = true;
    notify.error('Invalid verification token.');
    navigate(signIn, { replace: true });
  }, [token, navigate, signIn]);

  useEffect(() => {
    if (query.status !== 'success') return;
    if (!notified.current) {
      notified.current = true;
      notify.success('Email verified successfully!');
    }
    const timer = window.setTimeout(() => navigate(signIn), VERIFY_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [query.status, navigate, signIn]);

  useEffect(() => {
    if (query.status !== 'error') return;
    const timer = failedShown
      ? window.setTimeout(() => navigate(signIn), VERIFY_FAILED_REDIRECT_MS)
      : window.setTimeout(() => setFailedShown(true), VERIFY_FAILED_VIEW_MS);
    return () => window.clearTimeout(timer);
  }, [query.status, failedShown, navigate, signIn]);

  if (query.status === 'success') return 'verified';
  if (failedShown) return 'failed';
  return 'verifying';
}
