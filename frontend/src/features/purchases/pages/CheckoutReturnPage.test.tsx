import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import { RETURN_POLLING } from '../hooks/use-checkout-return';
import type { PurchaseDto } from '../services/purchase-types';
import { purchase, purchasedContent, PURCHASE_ID } from '../../../test/purchase-fixtures';
import { CheckoutReturnPage } from './CheckoutReturnPage';

const POLL = { timeout: 6000 };
const HOSTED_PAGE = 'http://localhost:4010/pay/cs_test_1';
const GET = `GET /api/purchases/${PURCHASE_ID}`;
const REFRESH = `POST /api/purchases/${PURCHASE_ID}/refresh`;
const returnTo = '/stores/jane-fit?ref=r3f2a9';
const awaiting = (overrides: Partial<PurchaseDto> = {}) =>
  purchase({ status: 'requires_action', checkoutUrl: HOSTED_PAGE, returnTo, ...overrides });

function renderReturn(query = `?purchase=${PURCHASE_ID}`) {
  return renderRoutes(
    [
      { path: '/checkout/return', element: <CheckoutReturnPage /> },
      { path: '/stores/:slug', element: <p>Store page</p> },
    ],
    `/checkout/return${query}`,
  );
}

/** The answers of GET /api/purchases/{id} in turn, the last one repeated. */
function servePurchase(...answers: PurchaseDto[]) {
  let calls = 0;
  return serve({
    [REFRESH]: () => json(answers[0]),
    [GET]: () => json(answers[Math.min(calls++, answers.length - 1)]),
    [`GET /api/purchases/${PURCHASE_ID}/content`]: () => json(purchasedContent('video')),
  });
}

describe('checkout return page', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server to refresh once, polls until paid, then shows what was bought with a way back to the store', async () => {
    const fetchMock = servePurchase(awaiting(), awaiting(), purchase({ status: 'paid', returnTo }));
    const user = userEvent.setup();
    renderReturn();
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finish paying' }).getAttribute('href')).toBe(HOSTED_PAGE);

    expect(await screen.findByText('Payment confirmed', {}, POLL)).toBeTruthy();
    expect(requestsTo(fetchMock, REFRESH)).toHaveLength(1);
    expect(requestsTo(fetchMock, REFRESH)[0].headers.get('Authorization')).toBe('Bearer fan-token');
    expect(requestsTo(fetchMock, GET).length).toBeGreaterThanOrEqual(2);
    const summary = screen.getByLabelText('Order summary');
    expect(summary.textContent).toContain('Full body burn');
    expect(summary.textContent).toContain('$12.99');
    expect(screen.queryByRole('link', { name: 'Finish paying' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to store' }).getAttribute('href')).toBe(returnTo);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/file-1.mp4?sig=abc'));
  }, 15_000);

  it.each([
    [
      'failed',
      { failureReason: 'Your card was declined. Try another card or contact your bank.' },
      'Payment failed',
      'Your card was declined. Try another card or contact your bank.',
      'Try again',
    ],
    ['expired', {}, 'Checkout expired', 'The checkout timed out before the payment was finished.', 'Try again'],
    ['refunded', {}, 'Payment refunded', 'This payment was refunded to you.', 'Purchase history'],
    ['charged_back', {}, 'Payment reversed', 'Your bank reversed this payment (a chargeback).', 'Purchase history'],
  ] as const)('explains a %s payment and stops polling', async (status, extra, title, text, action) => {
    const fetchMock = servePurchase(purchase({ status, returnTo, ...extra }));
    renderReturn();
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(Boolean(screen.queryByText('Nothing was charged.'))).toBe(status === 'failed' || status === 'expired');
    const link = screen.getByRole('link', { name: action });
    expect(link.getAttribute('href')).toBe(action === 'Try again' ? returnTo : '/dashboard/purchases');
    await new Promise((resolve) => setTimeout(resolve, RETURN_POLLING.firstDelayMs + 200));
    expect(requestsTo(fetchMock, GET)).toHaveLength(1);
  });

  it('an expired checkout after a declined card says why the last attempt failed', async () => {
    servePurchase(purchase({ status: 'expired', returnTo, failureReason: 'Your card was declined.' }));
    renderReturn();
    expect(await screen.findByText('Checkout expired')).toBeTruthy();
    expect(screen.getByText('Your last attempt: Your card was declined.')).toBeTruthy();
    expect(screen.getByText('Nothing was charged.')).toBeTruthy();
  });

  it('a cancelled return says nothing was charged, offers the still-open payment page, and waits for nothing', async () => {
    const fetchMock = servePurchase(awaiting());
    renderReturn(`?purchase=${PURCHASE_ID}&cancelled=1`);
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    expect(screen.getByText('Nothing was charged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finish paying' }).getAttribute('href')).toBe(HOSTED_PAGE);
    expect(screen.getByRole('link', { name: 'Back to store' }).getAttribute('href')).toBe(returnTo);
    await new Promise((resolve) => setTimeout(resolve, RETURN_POLLING.firstDelayMs + 200));
    expect(requestsTo(fetchMock, GET)).toHaveLength(1);
  });

  it('backs off while the payment stays unconfirmed, and after a minute says it is still processing and an email will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = servePurchase(purchase({ status: 'pending', returnTo }));
    renderReturn();
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Finish paying' })).toBeNull();

    await act(async () => vi.advanceTimersByTimeAsync(RETURN_POLLING.giveUpAfterMs));
    expect(await screen.findByText('Your payment is still processing')).toBeTruthy();
    expect(screen.getByText(/We will email you as soon as it is confirmed/)).toBeTruthy();
    const polls = requestsTo(fetchMock, GET).length;
    // 1 s, 1.5 s, 2.25 s, 3.4 s, then every 5 s: about fifteen in a minute, not sixty.
    expect(polls).toBeGreaterThan(8);
    expect(polls).toBeLessThan(20);
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(requestsTo(fetchMock, GET)).toHaveLength(polls);
  });

  it('never sends the fan to another site, whatever returnTo says', async () => {
    servePurchase(
      purchase({ status: 'paid', kind: 'tip', contentId: null, contentTitle: null, returnTo: '//evil.example/steal' }),
    );
    renderReturn();
    expect(await screen.findByText('Payment confirmed')).toBeTruthy();
    expect(screen.getByLabelText('Order summary').textContent).toContain('Tip for Jane Fit');
    expect(screen.getByRole('link', { name: 'Go to store' }).getAttribute('href')).toBe('/stores/jane-fit');
  });

  it('reads a payment it cannot see (another account’s, or no id) as not found', async () => {
    serve({ [REFRESH]: () => json({ message: 'Not found' }, 404), [GET]: () => json({ message: 'Not found' }, 404) });
    renderReturn();
    expect(await screen.findByText(/We could not find this payment/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase history' }).getAttribute('href')).toBe('/dashboard/purchases');
  });

  it('still shows the stored state when the refresh fails (the provider is down)', async () => {
    const fetchMock = serve({
      [REFRESH]: () => json({ code: 'payments_unavailable', message: 'Card payments are unavailable right now.' }, 503),
      [GET]: () => json(purchase({ status: 'paid', returnTo })),
    });
    renderReturn();
    expect(await screen.findByText('Payment confirmed')).toBeTruthy();
    expect(requestsTo(fetchMock, REFRESH)).toHaveLength(1);
    expect(within(screen.getByLabelText('Order summary')).getByText('$12.99')).toBeTruthy();
  });
});
