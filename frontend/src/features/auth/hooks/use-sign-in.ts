import { trackEvent } from '../../../lib/analytics';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { resendVerification, signIn } from '../services/auth.service';
import { peekReturnTo, rememberReturnTo, takeReturnTo } from '../services/return-to';

export interface SignInValues {
  email: string;
  password: string;
}

export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const signInMutation = useMutation({ mutationFn: (v: SignInValues) => signIn(v.email, v.password) });
  const resendMutation = useMutation({
    mutationFn: (email: string) => resendVerification(email, params.get('next') ?? peekReturnTo()),
  });

  const submit = async (values: SignInValues) => {
    setUnverifiedEmail(null);
    try {
      const result = await signInMutation.mutateAsync(values);
      if (result.ok) {
        if (result.needsSecondFactor) {
          trackEvent('Authentication', 'sign_in_password_ok_needs_2fa');
          notify.info('Please enter your two-factor authentication code');
          const next = params.get('next');
          if (next) rememberReturnTo(next);
          navigate('/two-fa-login');
        } else {
          trackEvent('Authentication', 'sign_in');
          notify.success('Signed in successfully');
          // Back to the store and item the visitor was buying, when they came from one.
          navigate(takeReturnTo(params.get('next')) ?? '/dashboard');
        }
        return;
      }
      trackEvent('Error', 'sign_in_failed', result.kind);
      switch (result.kind) {
        case 'invalid_credentials':
          notify.error('Invalid email or password');
          break;
        case 'email_not_confirmed':
          notify.error('Email not verified. Please check your email.');
          setUnverifiedEmail(values.email);
          break;
        case 'account_locked':
          navigate('/account-locked');
          break;
        default:
          notify.error(`Error: ${result.message}`);
      }
    } catch (error) {
      console.error('Sign-in failed', error);
      trackEvent('Error', 'sign_in_failed', 'unexpected');
      notify.error('An unexpected error occurred. Please try again.');
    }
  };

  const resend = async () => {
    if (!unverifiedEmail) return;
    try {
      const error = await resendMutation.mutateAsync(unverifiedEmail);
      if (error) notify.error(`Failed to resend verification email: ${error.message}`);
      else notify.success('Verification email resent successfully!');
    } catch (error) {
      notify.error(`Failed to resend verification email: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return {
    submit,
    submitting: signInMutation.isPending,
    showResend: unverifiedEmail !== null,
    resend,
    resending: resendMutation.isPending,
  };
}
