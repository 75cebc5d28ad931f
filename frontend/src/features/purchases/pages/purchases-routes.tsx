import { LivePhaseSwitch } from '../../creator-studio/components/LivePhaseSwitch';
import { FavoriteStoresPage } from './FavoriteStoresPage';
import { PurchaseHistoryPage } from './PurchaseHistoryPage';
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
