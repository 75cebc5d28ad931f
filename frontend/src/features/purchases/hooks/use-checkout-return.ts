import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PurchaseStatus } from '../services/purchase-types';
import { getPurchase, refreshPurchase } from '../services/purchases.service';
import { purchaseKeys } from './use-purchase-queries';

/** Polls back off from 1 s to at most 5 s, and stop after a minute: by then an email will tell the fan. */
export const RETURN_POLLING = { firstDelayMs: 1000, factor: 1.5, maxDelayMs: 5000, giveUpAfterMs: 60_000 };

export const pollDelay = (polls: number) =>
  Math.min(RETURN_POLLING.maxDelayMs, RETURN_POLLING.firstDelayMs * RETURN_POLLING.factor ** polls);

/** Still waiting for the acquirer's word: not paid nor refused yet. */
export const isUnsettled = (status: PurchaseStatus) => status === 'pending' || status === 'requires_action';

function useGaveUp(afterMs: number): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs]);
  return gaveUp;
}

/**
 * The fan is back from the hosted page: ask the server once to fetch the latest state from the
 * provider (its webhook may not have arrived yet), then poll the purchase until it settles.
 * A cancelled return waits for nothing. `gaveUp` says the minute of polling is over.
 */
export function useCheckoutReturn(purchaseId: string, cancelled: boolean) {
  // Not under purchaseKeys.all: invalidating the purchases once paid must not refresh again.
  const refresh = useQuery({
    queryKey: ['checkout', 'refresh', purchaseId],
    queryFn: () => refreshPurchase(purchaseId),
    staleTime: Infinity,
  });
  const gaveUp = useGaveUp(RETURN_POLLING.giveUpAfterMs);
  const purchase = useQuery({
    queryKey: purchaseKeys.one(purchaseId),
    queryFn: () => getPurchase(purchaseId),
    // A refresh that fails (the provider is down) still lets the stored state show.
    enabled: !refresh.isPending,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isUnsettled(status) && !cancelled && !gaveUp
        ? pollDelay(query.state.dataUpdateCount - 1)
        : false;
    },
    refetchIntervalInBackground: true,
  });
  return { purchase, gaveUp };
}
