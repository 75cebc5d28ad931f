import { Modal } from '@mantine/core';
import { useState } from 'react';
import '../../purchases-styles';
import { useIsSandbox } from '../../hooks/use-purchase-queries';
import type { PurchaseDto } from '../../services/purchase-types';
import { CheckoutForm } from './CheckoutForm';
import { PaymentProgress } from './PaymentProgress';
import type { CheckoutTarget } from './checkout-target';

export interface CheckoutModalProps {
  target: CheckoutTarget | null;
  /** The `?ref=` code of the store link the fan arrived by. */
  referralCode: string | null;
  onClose: () => void;
}

const TITLES = { content: 'Checkout', subscription: 'Subscribe', tip: 'Send a tip' } as const;

/** Checkout: summary and payment form, then the wait for the provider's confirmation and the result. */
export function CheckoutModal({ target, referralCode, onClose }: CheckoutModalProps) {
  const sandbox = useIsSandbox();
  const [purchase, setPurchase] = useState<PurchaseDto | null>(null);
  // A new form (and so a new Idempotency-Key) for every attempt after a failed payment.
  const [attempt, setAttempt] = useState(0);

  const close = () => {
    onClose();
    setPurchase(null);
    setAttempt((n) => n + 1);
  };

  return (
    <Modal opened={Boolean(target)} onClose={close} title={target ? TITLES[target.kind] : ''} centered size="md" zIndex={500}>
      {target &&
        (purchase ? (
          <PaymentProgress
            purchase={purchase}
            onClose={close}
            onRetry={() => {
              setPurchase(null);
              setAttempt((n) => n + 1);
            }}
          />
        ) : (
          <CheckoutForm key={attempt} target={target} referralCode={referralCode} sandbox={sandbox} onCreated={setPurchase} />
        ))}
    </Modal>
  );
}
