import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconLock, IconReceipt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { formatMoney } from '@/shared/format';
import '../purchases-styles';
import { checkoutDetail, purchaseTitle } from '../components/checkout/checkout-target';
import { OrderSummary } from '../components/checkout/OrderSummary';
import {
  OutcomeActions,
  PaymentConfirmed,
  PaymentProblem,
  PaymentWaiting,
} from '../components/checkout/PaymentOutcome';
import { LoadError } from '@/shared/ui/LoadError';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { useStoreRefreshWhenPaid } from '../hooks/use-purchase-queries';
import { pendingCheckoutUrl } from '../services/hosted-checkout';
import type { PurchaseDto } from '../services/purchase-types';

const HISTORY = '/dashboard/purchases';

/** The page the purchase asked to come back to; only a same-site path (never `//host`), else the store. */
function destination(purchase: PurchaseDto): string {
  const { returnTo } = purchase;
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : `/stores/${encodeURIComponent(purchase.storeSlug)}`;
}

function FinishPaying({ purchase }: { purchase: PurchaseDto }) {
  const checkoutUrl = pendingCheckoutUrl(purchase);
  if (!checkoutUrl) return null;
  return (
    <Button component="a" href={checkoutUrl} leftSection={<IconLock size={18} />}>
      Finish paying
    </Button>
  );
}

const HistoryButton = () => (
  <Button component={Link} to={HISTORY} variant="default" leftSection={<IconReceipt size={18} />}>
    Purchase history
  </Button>
);

/** What the fan reads for each state of the purchase, and where they can go from it. */
function Outcome({ purchase, cancelled, gaveUp }: { purchase: PurchaseDto; cancelled: boolean; gaveUp: boolean }) {
  useStoreRefreshWhenPaid(purchase.status);
  const toStore = (label: string, variant = 'default') => (
    <Button component={Link} to={destination(purchase)} variant={variant}>
      {label}
    </Button>
  );
  const { status } = purchase;
  const toConversation = destination(purchase).startsWith('/dashboard/messages');

  if (status === 'paid') {
    return (
      <PaymentConfirmed purchase={purchase}>
        {toStore(
          toConversation ? 'Back to the conversation' : 'Go to store',
          purchase.kind === 'content' ? 'default' : 'filled',
        )}
      </PaymentConfirmed>
    );
  }
  if (status === 'failed' || status === 'expired') {
    return (
      <PaymentProblem kind={status} failureReason={purchase.failureReason}>
        {toStore('Try again', 'filled')}
      </PaymentProblem>
    );
  }
  if (status === 'refunded' || status === 'charged_back') {
    return (
      <PaymentProblem kind={status}>
        <HistoryButton />
      </PaymentProblem>
    );
  }
  if (cancelled) {
    return (
      <PaymentProblem kind="cancelled">
        {toStore(toConversation ? 'Back to the conversation' : 'Back to store')}
        <FinishPaying purchase={purchase} />
      </PaymentProblem>
    );
  }
  if (gaveUp) {
    return (
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockHour4 size={18} />}
          title="Your payment is still processing"
          role="status"
        >
          It is taking longer than usual. We will email you as soon as it is confirmed, and it will show in your
          purchase history. You can close this page.
        </Alert>
        <OutcomeActions>
          <HistoryButton />
          <FinishPaying purchase={purchase} />
        </OutcomeActions>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PaymentWaiting title="Confirming your payment…">This usually takes a few seconds.</PaymentWaiting>
      {pendingCheckoutUrl(purchase) && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Did not finish on the payment page?
          </Text>
          <FinishPaying purchase={purchase} />
        </Group>
      )}
    </Stack>
  );
}

function PaymentNotFound() {
  return (
    <Stack gap="md">
      <Text>
        We could not find this payment. The link may be incomplete, or the payment belongs to another account.
      </Text>
      <Group justify="flex-end">
        <HistoryButton />
      </Group>
    </Stack>
  );
}

const isMissing = (error: unknown) => error instanceof ApiError && [400, 403, 404].includes(error.status);

function ReturnState({ purchaseId, cancelled }: { purchaseId: string; cancelled: boolean }) {
  const { purchase, gaveUp } = useCheckoutReturn(purchaseId, cancelled);
  if (purchase.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label="Checking your payment" />
      </Center>
    );
  }
  if (purchase.isError) {
    return isMissing(purchase.error) ? (
      <PaymentNotFound />
    ) : (
      <LoadError title="Your payment could not be loaded" onRetry={() => void purchase.refetch()} />
    );
  }
  const current = purchase.data;
  return (
    <Stack gap="lg">
      <OrderSummary
        title={purchaseTitle(current)}
        detail={checkoutDetail(current)}
        amount={formatMoney(current.amountMinor, current.currency)}
      />
      <Outcome purchase={current} cancelled={cancelled} gaveUp={gaveUp} />
    </Stack>
  );
}

/**
 * Where the acquirer's hosted page sends the fan back: `?purchase=<id>` after paying, with
 * `&cancelled=1` when they left without paying. Explains the state and what to do next.
 */
export function CheckoutReturnPage() {
  usePageMeta({ title: 'Your payment', noindex: true });
  const [params] = useSearchParams();
  const purchaseId = params.get('purchase');
  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Your payment
        </Title>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {purchaseId ? (
            <ReturnState purchaseId={purchaseId} cancelled={params.get('cancelled') === '1'} />
          ) : (
            <PaymentNotFound />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
