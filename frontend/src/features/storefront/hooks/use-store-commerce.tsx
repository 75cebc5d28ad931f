import { Alert, Badge, Button } from '@mantine/core';
import { IconCircleCheck, IconGift, IconLock, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { FULL_WIDTH_ON_PHONES } from '../../site/components/responsive';
import { CheckoutModal } from '../../purchases/components/checkout/CheckoutModal';
import type { CheckoutTarget } from '../../purchases/components/checkout/checkout-target';
import { ContentViewerModal } from '../../purchases/components/ContentViewerModal';
import { findPaidPurchase } from '../../purchases/services/purchases.service';
import { ContentPurchaseAction } from '../components/ContentPurchaseAction';
import { FavoriteButton } from '../components/FavoriteButton';
import { ReferralLinkModal } from '../components/ReferralLinkModal';
import { formatMoney } from '../format';
import type { ContentItem, PublicStore } from '../services/storefront.service';

/** Everything a fan can pay for or do on a store page: buy, open, subscribe, tip, favourite, share. */
export function useStoreCommerce(store: PublicStore, signedIn: boolean) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const referralCode = params.get('ref');
  const [checkout, setCheckout] = useState<CheckoutTarget | null>(null);
  const [sharing, setSharing] = useState<ContentItem | null>(null);
  const [viewing, setViewing] = useState<{ purchaseId: string; title: string } | null>(null);
  const signIn = () => navigate('/sign-in');
  const whenSignedIn = (action: () => void) => () => (signedIn ? action() : signIn());

  const opener = useMutation({
    // The store list names the purchase that owns an item; older answers without it fall back to the history.
    mutationFn: async (item: ContentItem) => ({ item, purchase: item.purchaseId ? { id: item.purchaseId } : await findPaidPurchase(item.id) }),
    onSuccess: ({ item, purchase }) => {
      if (purchase) setViewing({ purchaseId: purchase.id, title: item.title });
      else notify.error('Your purchase of this item could not be found. Open it from your purchase history.');
    },
    onError: () => notify.error('Your content could not be opened. Please try again.'),
  });

  const { subscription, tips, referrals } = store;
  const subscribed = Boolean(store.isSubscribed);
  const subscribe =
    subscription.enabled && subscription.priceMinor !== null
      ? whenSignedIn(() =>
          setCheckout({ kind: 'subscription', storeSlug: store.slug, storeName: store.displayName, amountMinor: subscription.priceMinor!, currency: store.currency }),
        )
      : null;
  // The purchase statement sells a subscribers-only store's items to live subscribers only (403 subscribers_only).
  const locked = store.visibility === 'subscribers_only' && !subscribed ? { onSubscribe: subscribe } : undefined;

  const heroActions = (
    <>
      {subscribed ? (
        <Badge size="xl" radius="sm" variant="light" color="green" tt="none" fw={600} leftSection={<IconCircleCheck size={18} />}>
          Subscribed
        </Badge>
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
            setCheckout({ kind: 'tip', storeSlug: store.slug, storeName: store.displayName, minimumMinor: tips.minimumTipMinor!, currency: store.currency }),
          )}
        >
          Send a tip
        </Button>
      )}
    </>
  );

  const favoriteButton = <FavoriteButton slug={store.slug} isFavorite={Boolean(store.isFavorite)} onSignInNeeded={signedIn ? null : signIn} />;

  const contentAction = (item: ContentItem) => (
    <ContentPurchaseAction
      item={item}
      referralPercent={referrals.enabled ? referrals.commissionPercent : null}
      opening={opener.isPending && opener.variables?.id === item.id}
      onBuy={whenSignedIn(() =>
        setCheckout({
          kind: 'content',
          contentId: item.id,
          title: item.title,
          storeSlug: store.slug,
          storeName: store.displayName,
          amountMinor: item.priceMinor,
          currency: item.currency,
        }),
      )}
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
      <ContentViewerModal purchaseId={viewing?.purchaseId ?? null} title={viewing?.title ?? ''} onClose={() => setViewing(null)} />
    </>
  );

  return { heroActions, favoriteButton, contentAction, contentNotice, modals };
}
