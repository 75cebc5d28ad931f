import { LivePhaseSwitch } from '@/features/locked-previews';
import { BillingPage } from './BillingPage';
import { SalesPage } from './SalesPage';

/** Live: the creator's sales and payouts. Pre-launch: the locked preview each route showed before. */
export function SalesRoute() {
  return (
    <LivePhaseSwitch preview="sales">
      <SalesPage />
    </LivePhaseSwitch>
  );
}

export function BillingRoute() {
  return (
    <LivePhaseSwitch preview="billing">
      <BillingPage />
    </LivePhaseSwitch>
  );
}
