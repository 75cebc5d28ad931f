import { LivePhaseSwitch } from '../../creator-studio/components/LivePhaseSwitch';

export function SalesRoute() {
  return <LivePhaseSwitch preview="sales">{null}</LivePhaseSwitch>;
}

export function BillingRoute() {
  return <LivePhaseSwitch preview="billing">{null}</LivePhaseSwitch>;
}
