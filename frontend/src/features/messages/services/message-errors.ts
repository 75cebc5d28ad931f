import { ApiError } from '../../../lib/api-client';
import { errorCode, serviceMessage } from '@/shared/api-problems';
import { formatMoney } from '@/shared/format';

/** Why a message was not sent, in words a person acts on; the server's own sentence where it is already one. */
export function sendErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === 'payment_required' && error instanceof ApiError) {
    const price = Number(error.body?.price_minor);
    const currency = String(error.body?.currency ?? 'EUR');
    if (Number.isFinite(price))
      return `Messages to this creator cost ${formatMoney(price, currency)} each. Send it again to pay for it.`;
  }
  if (error instanceof ApiError && error.status === 429 && !code)
    return 'You are sending messages too fast. Wait a moment and try again.';
  return serviceMessage(error, 'Your message was not sent. Check your connection and try again.');
}
