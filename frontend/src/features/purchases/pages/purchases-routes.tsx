import { LivePhaseSwitch } from '@/features/locked-previews';
import { BillingPaymentsPage } from './BillingPaymentsPage';
import { FavoriteStoresPage } from './FavoriteStoresPage';
import { PurchaseHistoryPage } from './PurchaseHistoryPage';
import { ReceiptPage } from './ReceiptPage';
import { ReferralsPage } from './ReferralsPage';

/** Live: the fan's real pages. Pre-launch: the locked preview each route showed before. */
export function PurchaseHistoryRoute() {
  return (
    <LivePhaseSwitch preview="purchases">
      <PurchaseHistoryPage />
    </LivePhaseSwitch>
  );
}

export function FavoriteStoresRoute() {
  return (
    <LivePhaseSwitch preview="favorite-stores">
      <FavoriteStoresPage />
    </LivePhaseSwitch>
  );
}

export function ReferralsRoute() {
  return (
    <LivePhaseSwitch preview="referrals">
      <ReferralsPage />
    </LivePhaseSwitch>
  );
}

/** The fan's cards and receipts, apart from the creator's payouts (/dashboard/billingandpayments). */
export function FanBillingRoute() {
  return (
    <LivePhaseSwitch preview="billing">
      <BillingPaymentsPage />
    </LivePhaseSwitch>
  );
}

export function ReceiptRoute() {
  return (
    <LivePhaseSwitch preview="billing">
      <ReceiptPage />
    </LivePhaseSwitch>
  );
}
