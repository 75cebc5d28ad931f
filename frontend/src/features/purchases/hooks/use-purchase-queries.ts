import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessage } from '@/shared/api-problems';
import { listSavedCards, removeSavedCard } from '../services/billing.service';
import { listFavorites } from '../services/favorites.service';
import type { PurchaseDto, PurchaseStatus, SavedCardDto, SubscriptionDto } from '../services/purchase-types';
import {
  cancelSubscription,
  downloadPurchasesCsv,
  getPurchase,
  getPurchasedContent,
  listPurchases,
  listSubscriptions,
  setAutoRenew,
} from '../services/purchases.service';
import { createReferralLink, listReferralLinks } from '../services/referrals.service';

export const POLL_INTERVAL_MS = 1500;

export const purchaseKeys = {
  all: ['purchases'] as const,
  history: ['purchases', 'history'] as const,
  one: (id: string) => ['purchases', 'one', id] as const,
  content: (id: string) => ['purchases', 'content', id] as const,
  subscriptions: ['purchases', 'subscriptions'] as const,
  favorites: ['purchases', 'favorites'] as const,
  referrals: ['purchases', 'referrals'] as const,
  savedCards: ['purchases', 'saved-cards'] as const,
};

/** Polls a purchase every 1.5 s while it is pending; starts from the POST's answer. */
export function usePurchaseStatus(initial: PurchaseDto | null) {
  return useQuery({
    queryKey: purchaseKeys.one(initial?.id ?? ''),
    queryFn: () => getPurchase(initial!.id),
    enabled: Boolean(initial),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    retry: 3,
  });
}

export const usePurchase = (id: string) => useQuery({ queryKey: purchaseKeys.one(id), queryFn: () => getPurchase(id) });

/** Once paid, the store's Buy buttons turn into Open (a subscription unlocks a subscribers-only store) and the history shows the new row. */
export function useStoreRefreshWhenPaid(status: PurchaseStatus | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (status !== 'paid') return;
    void client.invalidateQueries({ queryKey: ['storefront', 'content'] });
    void client.invalidateQueries({ queryKey: ['storefront', 'store'] });
    void client.invalidateQueries({ queryKey: purchaseKeys.all });
  }, [status, client]);
}

export function usePurchaseHistory() {
  return useInfiniteQuery({
    queryKey: purchaseKeys.history,
    queryFn: ({ pageParam }) => listPurchases(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const usePurchasedContent = (id: string | null) =>
  useQuery({
    queryKey: purchaseKeys.content(id ?? ''),
    queryFn: () => getPurchasedContent(id!),
    enabled: Boolean(id),
    retry: false,
  });

export const useSubscriptions = () => useQuery({ queryKey: purchaseKeys.subscriptions, queryFn: listSubscriptions });

function useReplaceSubscription() {
  const client = useQueryClient();
  return (updated: SubscriptionDto) =>
    client.setQueryData<SubscriptionDto[]>(purchaseKeys.subscriptions, (list) =>
      list?.map((entry) => (entry.id === updated.id ? updated : entry)),
    );
}

export function useSetAutoRenew() {
  const replace = useReplaceSubscription();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: string; autoRenew: boolean }) => setAutoRenew(id, autoRenew),
    onSuccess: replace,
  });
}

export function useCancelSubscription() {
  const replace = useReplaceSubscription();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: replace });
}

export const useFavorites = () => useQuery({ queryKey: purchaseKeys.favorites, queryFn: listFavorites });

export const useReferralLinks = () => useQuery({ queryKey: purchaseKeys.referrals, queryFn: listReferralLinks });

export function useCreateReferralLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReferralLink,
    onSuccess: () => void client.invalidateQueries({ queryKey: purchaseKeys.referrals }),
  });
}

/** GET /api/purchases/export.csv as a download, with a toast when it fails. */
export const useExportPurchasesCsv = () =>
  useMutation({
    mutationFn: downloadPurchasesCsv,
    onError: (error) => notify.error(errorMessage(error, 'The export could not be downloaded. Please try again.')),
  });

export const useSavedCards = () => useQuery({ queryKey: purchaseKeys.savedCards, queryFn: listSavedCards });

export function useRemoveSavedCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSavedCard,
    onSuccess: (_done, id) =>
      client.setQueryData<SavedCardDto[]>(purchaseKeys.savedCards, (cards) => cards?.filter((card) => card.id !== id)),
  });
}
