import { trackEvent } from '../../../lib/analytics';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { signUp } from '../services/auth.service';
import { useDelayedNavigate } from './use-delayed-navigate';

export const SIGN_UP_REDIRECT_DELAY_MS = 1000;

export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
  marketingConsent: boolean;
}

/**
 * Returns 'already-registered' when the email is, so the page can focus the field. `next` (a store
 * and its item) rides in the confirmation link, to come back there after signing in.
 */
export function useSignUp(next: string | null = null) {
  const navigateLater = useDelayedNavigate();
  const mutation = useMutation({
    mutationFn: (v: SignUpValues) => signUp(v.email, v.password, v.marketingConsent, next),
  });

  const submit = async (values: SignUpValues): Promise<'ok' | 'already-registered' | 'failed'> => {
    try {
      const result = await mutation.mutateAsync(values);
      if (result.ok) {
        trackEvent('Authentication', 'sign_up');
        notify.success('Account created successfully! Please check your email for verification.');
        navigateLater('/check-email', SIGN_UP_REDIRECT_DELAY_MS);
        return 'ok';
      }
      trackEvent('Error', 'sign_up_failed', result.alreadyRegistered ? 'already_registered' : 'rejected');
      if (result.alreadyRegistered) {
        notify.error('This email is already registered. Please sign in instead.');
        return 'already-registered';
      }
      notify.error(`Error: ${result.message}`);
    } catch (error) {
      console.error('Sign-up failed', error);
      trackEvent('Error', 'sign_up_failed', 'unexpected');
      notify.error('An unexpected error occurred. Please try again.');
    }
    return 'failed';
  };

  return { submit, submitting: mutation.isPending, succeeded: mutation.data?.ok === true };
}
