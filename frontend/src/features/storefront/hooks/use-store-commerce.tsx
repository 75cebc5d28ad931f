import { Alert, Button, Text } from '@mantine/core';
import { IconEdit, IconGift, IconLock, IconUsers } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { rememberReturnTo, withNext } from '@/features/auth';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';
import {
  CheckoutModal,
  type CheckoutTarget,
  ContentViewerModal,
  findPaidPurchase,
  setAutoRenew,
} from '@/features/purchases';
import { ContentPurchaseAction } from '../components/ContentPurchaseAction';
import { FavoriteButton } from '../components/FavoriteButton';
import { ReferralLinkModal } from '../components/ReferralLinkModal';
import { SubscribedBadge, SubscriptionStatus } from '../components/SubscriptionStatus';
import { formatMoney } from '@/shared/format';
import { MessageButton } from '@/features/messages';
import type { ContentItem, PublicStore } from '../services/storefront.service';

/** The query that, back from signing up or in, opens the checkout of the item the visitor chose. */
const BUY_PARAM = 'buy';
const SUBSCRIBE_VALUE = 'subscription';

/** Everything a fan can pay for or do on a store page: buy, open, subscribe, tip, favourite, share. */
export function useStoreCommerce(store: PublicStore, signedIn: boolean, items: ContentItem[] | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const referralCode = params.get('ref');
  const [checkout, setCheckout] = useState<CheckoutTarget | null>(null);
  const [sharing, setSharing] = useState<ContentItem | null>(null);
  const [viewing, setViewing] = useState<{ purchaseId: string; title: string } | null>(null);

  /**
   * A stranger's purchase needs an account: to sign-up and back to this store (its `?ref=` kept)
   * with the chosen item's checkout open. Remembered too, for the email confirmation's tab.
   */
  const signUpFor = (buy: string | null) => {
    const back = new URLSearchParams(location.search);
    back.delete(BUY_PARAM);
    if (buy) back.set(BUY_PARAM, buy);
    const path = `${location.pathname}${back.size > 0 ? `?${back.toString()}` : ''}`;
    rememberReturnTo(path);
    navigate(withNext('/sign-up', path));
  };
  const whenSignedIn =
    (action: () => void, buy: string | null = null) =>
    () =>
      signedIn ? action() : signUpFor(buy);

  const opener = useMutation({
    // The store list names the purchase that owns an item; older answers without it fall back to the history.
    mutationFn: async (item: ContentItem) => ({
      item,
      purchase: item.purchaseId ? { id: item.purchaseId } : await findPaidPurchase(item.id),
    }),
    onSuccess: ({ item, purchase }) => {
      if (purchase) setViewing({ purchaseId: purchase.id, title: item.title });
      else notify.error('Your purchase of this item could not be found. Open it from your purchase history.');
    },
    onError: () => notify.error('Your content could not be opened. Please try again.'),
  });

  const mine = store.mySubscription ?? null;
  const renewal = useMutation({
    mutationFn: (autoRenew: boolean) => setAutoRenew(mine!.id, autoRenew),
    onSuccess: (saved) => {
      notify.success(
        saved.autoRenew
          ? `Renewal resumed: it renews on ${new Date(saved.currentPeriodEnd).toLocaleDateString()}`
          : 'Renewal cancelled: you keep access until the end of the period',
      );
      void client.invalidateQueries({ queryKey: ['storefront', 'store', store.slug] });
    },
    onError: () => notify.error('Your subscription could not be changed. Please try again.'),
  });

  const { subscription, tips, referrals } = store;
  const subscribed = Boolean(store.isSubscribed);
  const owner = Boolean(store.isOwner);
  // No Subscribe for a subscriber or for the store's own creator (the server refuses both anyway).
  const subscribe =
    subscription.enabled && subscription.priceMinor !== null && !subscribed && !owner
      ? whenSignedIn(
          () =>
            setCheckout({
              kind: 'subscription',
              storeSlug: store.slug,
              storeName: store.displayName,
              amountMinor: subscription.priceMinor!,
              currency: store.currency,
            }),
          SUBSCRIBE_VALUE,
        )
      : null;
  const buy = (item: ContentItem) =>
    setCheckout({
      kind: 'content',
      contentId: item.id,
      title: item.title,
      storeSlug: store.slug,
      storeName: store.displayName,
      amountMinor: item.priceMinor,
      currency: item.currency,
    });
  // The purchase statement sells a subscribers-only store's items to live subscribers only (403 subscribers_only).
  const locked =
    store.visibility === 'subscribers_only' && !subscribed && !owner ? { onSubscribe: subscribe } : undefined;

  // Back from signing up or in: the checkout the visitor chose opens once, and the URL forgets it.
  const pendingBuy = signedIn ? params.get(BUY_PARAM) : null;
  useEffect(() => {
    if (!pendingBuy || (pendingBuy !== SUBSCRIBE_VALUE && !items)) return;
    const item = items?.find((candidate) => candidate.id === pendingBuy);
    if (pendingBuy === SUBSCRIBE_VALUE && subscribe) subscribe();
    else if (item && !item.owned && !owner && !locked) buy(item);
    const next = new URLSearchParams(params);
    next.delete(BUY_PARAM);
    setParams(next, { replace: true });
    // Runs when the pending choice and the items are known; the handlers are rebuilt every render.
  }, [pendingBuy, items]);

  const heroActions = owner ? (
    <>
      <Text size="sm" c="dimmed">
        This is your store: fans see it like this.
      </Text>
      <Button
        component={Link}
        to="/dashboard/mystoresettings"
        variant="default"
        w={FULL_WIDTH_ON_PHONES}
        leftSection={<IconEdit size={18} />}
      >
        Edit store
      </Button>
    </>
  ) : (
    <>
      {mine ? (
        <SubscriptionStatus
          subscription={mine}
          changing={renewal.isPending}
          onChange={(autoRenew) => renewal.mutate(autoRenew)}
        />
      ) : subscribed ? (
        <SubscribedBadge />
      ) : (
        subscribe && (
          <Button w={FULL_WIDTH_ON_PHONES} leftSection={<IconUsers size={18} />} onClick={subscribe}>
            Subscribe · {formatMoney(subscription.priceMinor!, store.currency)}/month
          </Button>
        )
      )}
      {tips.enabled && tips.minimumTipMinor !== null && (
        <Button
          variant="default"
          w={FULL_WIDTH_ON_PHONES}
          leftSection={<IconGift size={18} />}
          onClick={whenSignedIn(() =>
            setCheckout({
              kind: 'tip',
              storeSlug: store.slug,
              storeName: store.displayName,
              minimumMinor: tips.minimumTipMinor!,
              currency: store.currency,
            }),
          )}
        >
          Send a tip
        </Button>
      )}
      {signedIn && <MessageButton storeSlug={store.slug} w={FULL_WIDTH_ON_PHONES} />}
    </>
  );

  const favoriteButton = owner ? null : (
    <FavoriteButton
      slug={store.slug}
      isFavorite={Boolean(store.isFavorite)}
      onSignInNeeded={signedIn ? null : () => signUpFor(null)}
    />
  );

  const contentAction = (item: ContentItem) =>
    owner ? (
      <Text size="sm" c="dimmed">
        Your item
      </Text>
    ) : (
      <ContentPurchaseAction
        item={item}
        referralPercent={referrals.enabled ? referrals.commissionPercent : null}
        opening={opener.isPending && opener.variables?.id === item.id}
        onBuy={whenSignedIn(() => buy(item), item.id)}
        onOpen={whenSignedIn(() => opener.mutate(item))}
        onShare={whenSignedIn(() => setSharing(item))}
        locked={locked}
      />
    );

  const contentNotice = locked && (
    <Alert variant="light" radius="lg" icon={<IconLock size={18} />} title="For subscribers only">
      {subscribe
        ? `Subscribe for ${formatMoney(subscription.priceMinor!, store.currency)}/month to unlock every video and album in this store.`
        : 'This store sells its videos and albums to subscribers only.'}
    </Alert>
  );

  const modals = (
    <>
      <CheckoutModal target={checkout} referralCode={referralCode} onClose={() => setCheckout(null)} />
      <ReferralLinkModal item={sharing} percent={referrals.commissionPercent} onClose={() => setSharing(null)} />
      <ContentViewerModal
        purchaseId={viewing?.purchaseId ?? null}
        title={viewing?.title ?? ''}
        onClose={() => setViewing(null)}
      />
    </>
  );

  return { heroActions, favoriteButton, contentAction, contentNotice, modals, subscribe };
}
