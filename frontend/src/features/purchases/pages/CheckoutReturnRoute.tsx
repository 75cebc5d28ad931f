import type { ReactNode } from 'react';
import { usePlatformConfig } from '../../../lib/platform-config';
import { ProtectedRoute } from '@/features/auth';
import { NotFoundPage } from '@/shared/ui/NotFoundPage';
import { PageLoader } from '@/shared/ui/LaunchPhaseSwitch';
import { CheckoutReturnPage } from './CheckoutReturnPage';

/** Before launch nothing is sold, so there is no payment to come back from. */
function LiveOnly({ children }: { children: ReactNode }) {
  const config = usePlatformConfig();
  if (config.isPending) return <PageLoader />;
  return config.data?.launchPhase === 'live' ? children : <NotFoundPage />;
}

/** /checkout/return: signed-in fans only, like the dashboard's fan pages. */
export function CheckoutReturnRoute() {
  return (
    <ProtectedRoute>
      <LiveOnly>
        <CheckoutReturnPage />
      </LiveOnly>
    </ProtectedRoute>
  );
}
