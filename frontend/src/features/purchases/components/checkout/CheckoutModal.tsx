import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import '../../purchases-styles';
import { openHostedCheckout, pendingCheckoutUrl } from '../../services/hosted-checkout';
import type { PurchaseDto } from '../../services/purchase-types';
import { CheckoutForm } from './CheckoutForm';
import { PaymentWaiting } from './PaymentOutcome';
import { PaymentProgress } from './PaymentProgress';
import type { CheckoutTarget } from './checkout-target';

export interface CheckoutModalProps {
  target: CheckoutTarget | null;
  /** The `?ref=` code of the store link the fan arrived by. */
  referralCode: string | null;
  onClose: () => void;
}

const TITLES = {
  content: 'Checkout',
  subscription: 'Subscribe',
  tip: 'Send a tip',
  message: 'Unlock message',
  post: 'Unlock post',
} as const;

/** Shown while the browser leaves for the hosted page, and still there if the fan comes back with Back. */
function LeavingForPaymentPage({ checkoutUrl }: { checkoutUrl: string }) {
  return (
    <Stack gap="sm">
      <PaymentWaiting title="Taking you to the secure payment page…" />
      <Text size="sm" c="dimmed">
        Nothing happening?{' '}
        <Anchor href={checkoutUrl} inherit>
          Continue to the payment page
        </Anchor>
      </Text>
    </Stack>
  );
}

/** Checkout: summary and payment method, then the acquirer's hosted page (card) or the crypto instructions. */
export function CheckoutModal({ target, referralCode, onClose }: CheckoutModalProps) {
  const [purchase, setPurchase] = useState<PurchaseDto | null>(null);
  // A new form (and so a new Idempotency-Key) for every attempt after a failed payment.
  const [attempt, setAttempt] = useState(0);
  const leaving = purchase && pendingCheckoutUrl(purchase);

  const close = () => {
    onClose();
    setPurchase(null);
    setAttempt((n) => n + 1);
  };
  const created = (answer: PurchaseDto) => {
    setPurchase(answer);
    const checkoutUrl = pendingCheckoutUrl(answer);
    if (checkoutUrl) openHostedCheckout(checkoutUrl);
  };

  let body = null;
  if (target && leaving) body = <LeavingForPaymentPage checkoutUrl={leaving} />;
  else if (target && purchase) {
    body = (
      <PaymentProgress
        purchase={purchase}
        onClose={close}
        onRetry={() => {
          setPurchase(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  } else if (target)
    body = <CheckoutForm key={attempt} target={target} referralCode={referralCode} onCreated={created} />;

  return (
    <Modal
      opened={Boolean(target)}
      onClose={close}
      title={target ? TITLES[target.kind] : ''}
      centered
      size="md"
      zIndex={500}
    >
      {body}
    </Modal>
  );
}
