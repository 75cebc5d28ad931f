import { trackEvent } from '../../../lib/analytics';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { resetPassword, signOut } from '../services/auth.service';
import { useDelayedNavigate } from './use-delayed-navigate';

export const RESET_REDIRECT_DELAY_MS = 2000;
export const RECOVERY_REDIRECT_DELAY_MS = 1500;

export function useResetPassword() {
  const navigateLater = useDelayedNavigate();
  const mutation = useMutation({ mutationFn: resetPassword });

  const submit = async (password: string) => {
    try {
      const result = await mutation.mutateAsync(password);
      if (result.ok) {
        trackEvent('Authentication', 'password_reset');
        notify.success('Password has been reset successfully!');
        await signOut();
        navigateLater('/sign-in', RESET_REDIRECT_DELAY_MS);
      } else if (result.secondFactorBlock) {
        trackEvent('Error', 'password_reset_failed', 'second_factor_required');
        notify.info('2FA is preventing password reset. Redirecting to the recovery page...');
        navigateLater('/lost-access-to-2fa', RECOVERY_REDIRECT_DELAY_MS);
      } else {
        trackEvent('Error', 'password_reset_failed', 'rejected');
        notify.error(`Error: ${result.message}`);
      }
    } catch (error) {
      console.error('Password reset failed', error);
      trackEvent('Error', 'password_reset_failed', 'unexpected');
      notify.error('An unexpected error occurred. Please try again.');
    }
  };

  return { submit, submitting: mutation.isPending, done: mutation.data?.ok === true };
}
