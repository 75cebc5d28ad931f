import { Button, Stack } from '@mantine/core';
import { usePurchaseStatus, useStoreRefreshWhenPaid } from '../../hooks/use-purchase-queries';
import type { PurchaseDto } from '../../services/purchase-types';
import { CryptoDetails } from './CryptoDetails';
import { PaymentConfirmed, PaymentProblem, PaymentWaiting } from './PaymentOutcome';

/**
 * A purchase that did not go to the hosted page (crypto, or an attempt the API already settled):
 * polls until the provider confirms or refuses, then shows the result.
 */
export function PaymentProgress({
  purchase,
  onRetry,
  onClose,
}: {
  purchase: PurchaseDto;
  onRetry: () => void;
  onClose: () => void;
}) {
  const status = usePurchaseStatus(purchase);
  const current = status.data ?? purchase;
  useStoreRefreshWhenPaid(current.status);
  const close = (
    <Button variant="default" onClick={onClose}>
      Close
    </Button>
  );

  if (current.status === 'pending' || current.status === 'requires_action') {
    return (
      <Stack gap="md">
        {current.crypto && <CryptoDetails crypto={current.crypto} />}
        <PaymentWaiting title="Waiting for payment confirmation…" />
      </Stack>
    );
  }
  if (current.status === 'paid') return <PaymentConfirmed purchase={current}>{close}</PaymentConfirmed>;
  return (
    <PaymentProblem kind={current.status} failureReason={current.failureReason}>
      {close}
      {(current.status === 'failed' || current.status === 'expired') && <Button onClick={onRetry}>Try again</Button>}
    </PaymentProblem>
  );
}
