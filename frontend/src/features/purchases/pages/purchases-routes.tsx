import { LivePhaseSwitch } from '../../creator-studio/components/LivePhaseSwitch';

export function PurchaseHistoryRoute() {
  return <LivePhaseSwitch preview="purchases">{null}</LivePhaseSwitch>;
}

export function FavoriteStoresRoute() {
  return <LivePhaseSwitch preview="favorite-stores">{null}</LivePhaseSwitch>;
}

export function ReferralsRoute() {
  return <LivePhaseSwitch preview="referrals">{null}</LivePhaseSwitch>;
}
