import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { openHostedCheckout } from '@/features/purchases';
import { purchase, purchasedContent, PURCHASE_ID, referralLink } from '../../../test/purchase-fixtures';
import { CATEGORIES, contentItem, json, LAZY_PAGE, publicStore, requestsTo, serve } from '../../../test/serve';
import { StorePage } from './StorePage';

// jsdom cannot leave the page: the redirect to the acquirer's hosted page is recorded instead.
vi.mock('../../purchases/services/hosted-checkout', async (original) => ({
  ...(await original<typeof import('../../purchases/services/hosted-checkout')>()),
  openHostedCheckout: vi.fn(),
}));

const POLL = { timeout: 6000 };
const album = contentItem({
  id: 'album-1',
  kind: 'album',
  title: 'Beach day',
  priceMinor: 500,
  media: [
    { ...contentItem().media[0], id: 'p1', mediaType: 'image', thumbnailUrl: '/media/p1.jpg', durationSeconds: null },
  ],
});

function renderStore(path = '/stores/jane-fit') {
  return renderRoutes(
    [
      { path: '/stores/:slug', element: <StorePage /> },
      { path: '/sign-in', element: <p>Sign in page</p> },
      { path: '/sign-up', element: <p>Sign up page</p> },
    ],
    path,
  );
}

type Handlers = Parameters<typeof serve>[0];

function liveStore(
  extra: Handlers = {},
  { profile = publicStore(), items = [contentItem(), album] }: { profile?: object; items?: object[] } = {},
) {
  return serve({
    'GET /api/config': () => json({ launchPhase: 'live' }),
    'GET /api/categories': () => json({ items: CATEGORIES }),
    'GET /api/stores/jane-fit': () => json(profile),
    'GET /api/stores/jane-fit/content': () => json({ items }),
    ...extra,
  });
}

async function openCheckout(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Buy Full body burn' }, LAZY_PAGE));
  return screen.findByRole('dialog', { name: 'Checkout' });
}

const HOSTED_PAGE = 'http://localhost:4010/pay/cs_test_1';
const awaitingCard = (overrides: Parameters<typeof purchase>[0] = {}) =>
  purchase({ status: 'requires_action', checkoutUrl: HOSTED_PAGE, ...overrides });

describe('store page purchases', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('sums up the order and sends the card to the provider’s page: no card fields, no test cards', async () => {
    liveStore();
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    expect(within(dialog).getByLabelText('Order summary').textContent).toContain('Full body burn');
    expect(within(dialog).getByText('$12.99')).toBeTruthy();
    expect(within(dialog).getByText(/You enter your card on our payment provider’s secure page/)).toBeTruthy();
    expect(within(dialog).getByText(/asks for one\. Fanmint never sees your card number\./)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    expect(within(dialog).queryByText(/4242/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Continue to secure payment' })).toBeTruthy();
  });

  it('creates the purchase with an Idempotency-Key, the ?ref= code and the store to come back to, then goes to the hosted page', async () => {
    const fetchMock = liveStore({ 'POST /api/purchases': () => json(awaitingCard(), 201) });
    const user = userEvent.setup();
    renderStore('/stores/jane-fit?ref=r3f2a9');
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));

    await waitFor(() => expect(openHostedCheckout).toHaveBeenCalledWith(HOSTED_PAGE));
    const [post] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.headers.get('Authorization')).toBe('Bearer fan-token');
    expect(post.body).toEqual({
      kind: 'content',
      contentId: 'c0ffee00-0000-4000-8000-000000000001',
      method: 'card',
      referralCode: 'r3f2a9',
      returnTo: '/stores/jane-fit?ref=r3f2a9',
    });
    expect(within(dialog).getByText('Taking you to the secure payment page…')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Continue to the payment page' }).getAttribute('href')).toBe(
      HOSTED_PAGE,
    );
  });

  it('never follows a hosted-page address that is not http(s)', async () => {
    liveStore({ 'POST /api/purchases': () => json(awaitingCard({ checkoutUrl: 'javascript:alert(1)' }), 201) });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));
    expect(await within(dialog).findByText('Waiting for payment confirmation…')).toBeTruthy();
    expect(openHostedCheckout).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('says nothing was charged when the acquirer is down, and retries the same attempt with the same key', async () => {
    let calls = 0;
    const fetchMock = liveStore({
      'POST /api/purchases': () =>
        ++calls === 1
          ? json({ code: 'payments_unavailable', message: 'Card payments are unavailable right now.' }, 503)
          : json(awaitingCard(), 201),
    });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Nothing was charged');
    expect(alert.textContent).toContain('Card payments are unavailable right now. Try again in a moment.');
    expect(openHostedCheckout).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));
    await waitFor(() => expect(openHostedCheckout).toHaveBeenCalledWith(HOSTED_PAGE));
    const [first, second] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });

  it('shows a refusal and makes the next submit a new attempt with a new key', async () => {
    let calls = 0;
    const fetchMock = liveStore({
      'POST /api/purchases': () =>
        ++calls === 1
          ? json({ code: 'not_for_sale', message: 'This item is no longer for sale.' }, 409)
          : json(awaitingCard(), 201),
    });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));
    expect(await within(dialog).findByText('This item is no longer for sale.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/purchases')).toHaveLength(2));
    const [first, second] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  });

  it('pays by crypto: shows the Solana address and the token amount', async () => {
    const crypto = { network: 'solana' as const, address: '7Xf3kq9Lw2SandboxAddr', amountToken: '129.9 FANM' };
    const fetchMock = liveStore({
      'POST /api/purchases': () => json(purchase({ method: 'crypto', crypto }), 201),
      [`GET /api/purchases/${PURCHASE_ID}`]: () => json(purchase({ method: 'crypto', crypto })),
    });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByText('Crypto'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue with crypto' }));
    expect(await within(dialog).findByText('7Xf3kq9Lw2SandboxAddr')).toBeTruthy();
    expect(within(dialog).getByText('129.9 FANM')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy solana address' })).toBeTruthy();
    expect(within(dialog).getByText('Waiting for payment confirmation…')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).toMatchObject({
      method: 'crypto',
      returnTo: '/stores/jane-fit',
    });
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).not.toHaveProperty('card');
    expect(openHostedCheckout).not.toHaveBeenCalled();
  });

  it('subscribes and tips from the hero, with the store’s minimum tip checked', async () => {
    const fetchMock = liveStore({ 'POST /api/purchases': () => json(purchase({ kind: 'tip', status: 'paid' }), 201) });
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'Subscribe · $9.99/month' }, LAZY_PAGE));
    const subscribe = await screen.findByRole('dialog', { name: 'Subscribe' });
    expect(within(subscribe).getByText('Monthly subscription to Jane Fit')).toBeTruthy();
    expect(
      within(subscribe).getByText(
        /\$9\.99 per month\. It renews automatically until you cancel, and each renewal is charged to\s+the card you save/,
      ),
    ).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subscribe' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Send a tip' }));
    const tip = await screen.findByRole('dialog', { name: 'Send a tip' });
    const amount = within(tip).getByLabelText('Tip amount');
    await user.clear(amount);
    await user.type(amount, '1');
    await user.click(within(tip).getByText('Crypto'));
    await user.click(within(tip).getByRole('button', { name: 'Continue with crypto' }));
    expect(await within(tip).findByText('The minimum tip is $2.00')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '5');
    await user.type(within(tip).getByLabelText('Message (optional)'), 'Loved the new routine!');
    await user.click(within(tip).getByRole('button', { name: 'Continue with crypto' }));
    expect(await within(tip).findByText('Payment confirmed')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).toEqual({
      kind: 'tip',
      storeSlug: 'jane-fit',
      amountMinor: 500,
      message: 'Loved the new routine!',
      method: 'crypto',
      returnTo: '/stores/jane-fit',
    });
  });

  it('toggles the favourite heart with PUT and DELETE', async () => {
    const fetchMock = liveStore({
      'PUT /api/favorites/jane-fit': () => new Response(null, { status: 204 }),
      'DELETE /api/favorites/jane-fit': () => new Response(null, { status: 204 }),
      'GET /api/favorites': () => json({ items: [] }),
    });
    const user = userEvent.setup();
    renderStore();
    const heart = await screen.findByRole('button', { name: 'Add to favourites' }, LAZY_PAGE);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    const filled = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(filled.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/favorites/jane-fit')).toHaveLength(1));
    await user.click(filled);
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/favorites/jane-fit')).toHaveLength(1));
  });

  it('reflects isFavorite and owned from the API: Open instead of Buy', async () => {
    liveStore(
      {
        'GET /api/purchases': () => json({ items: [purchase({ status: 'paid' })], nextCursor: null }),
        [`GET /api/purchases/${PURCHASE_ID}/content`]: () => json(purchasedContent('video')),
      },
      { profile: publicStore({ isFavorite: true }), items: [contentItem({ owned: true })] },
    );
    const user = userEvent.setup();
    renderStore();
    expect(await screen.findByRole('button', { name: 'Remove from favourites' }, LAZY_PAGE)).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    expect(within(card).queryByRole('button', { name: /^Buy/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Open Full body burn' }));
    const viewer = await screen.findByRole('dialog', { name: 'Full body burn' });
    await waitFor(() => expect(viewer.querySelector('video')).toBeTruthy());
  });

  it('creates a referral link from an album and shows it with a copy button', async () => {
    const fetchMock = liveStore({ 'POST /api/referral-links': () => json(referralLink(), 201) });
    const user = userEvent.setup();
    renderStore();
    const albumCard = await screen.findByRole('article', { name: 'Beach day' }, LAZY_PAGE);
    expect(
      within(screen.getByRole('article', { name: 'Full body burn' })).queryByRole('button', { name: /Share/ }),
    ).toBeNull();
    await user.click(within(albumCard).getByRole('button', { name: 'Share & earn 5%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share & earn' });
    expect(await within(dialog).findByDisplayValue('http://localhost:5173/stores/jane-fit?ref=r3f2a9')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/referral-links')[0].body).toEqual({ contentId: 'album-1' });
  });

  it('hides Share & earn when the store has referrals off', async () => {
    liveStore(
      {},
      {
        profile: publicStore({
          referrals: { enabled: false, commissionPercent: 5 },
          tips: { enabled: false, minimumTipMinor: null },
        }),
      },
    );
    renderStore();
    expect(await screen.findByRole('article', { name: 'Beach day' }, LAZY_PAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Share & earn/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a tip' })).toBeNull();
  });

  it('offers Subscribe to unlock instead of Buy in a subscribers-only store, and Open on every item once subscribed', async () => {
    const crypto = { network: 'solana' as const, address: '7Xf3kq9Lw2SandboxAddr', amountToken: '999 FANM' };
    const subscriptionByCrypto = {
      kind: 'subscription' as const,
      method: 'crypto' as const,
      crypto,
      amountMinor: 999,
      contentId: null,
      contentTitle: null,
      contentKind: null,
    };
    let subscribed = false;
    let polls = 0;
    const fetchMock = liveStore({
      'GET /api/stores/jane-fit': () => json(publicStore({ visibility: 'subscribers_only', isSubscribed: subscribed })),
      'GET /api/stores/jane-fit/content': () =>
        json({
          items: [contentItem(), album].map((item) => ({
            ...item,
            owned: subscribed,
            purchaseId: subscribed ? PURCHASE_ID : null,
          })),
        }),
      'POST /api/purchases': () => json(purchase({ ...subscriptionByCrypto, status: 'pending' }), 201),
      [`GET /api/purchases/${PURCHASE_ID}`]: () => {
        subscribed = ++polls > 1;
        return json(purchase({ ...subscriptionByCrypto, status: subscribed ? 'paid' : 'pending' }));
      },
    });
    const user = userEvent.setup();
    renderStore();
    const video = await screen.findByRole('article', { name: 'Full body burn' }, LAZY_PAGE);
    const albumCard = screen.getByRole('article', { name: 'Beach day' });
    expect(screen.getByText('For subscribers only')).toBeTruthy();
    expect(screen.getByText('Subscribe for $9.99/month to unlock every video and album in this store.')).toBeTruthy();
    for (const card of [video, albumCard]) {
      expect(within(card).queryByRole('button', { name: /^Buy/ })).toBeNull();
      expect(within(card).queryByRole('button', { name: /Share & earn/ })).toBeNull();
    }

    await user.click(within(albumCard).getByRole('button', { name: 'Subscribe to unlock Beach day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe' });
    await user.click(within(dialog).getByText('Crypto'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue with crypto' }));
    expect(await within(dialog).findByText('Payment confirmed', {}, POLL)).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).toMatchObject({
      kind: 'subscription',
      storeSlug: 'jane-fit',
    });
    await user.keyboard('{Escape}');

    // The store and its items are asked again: every item opens, and the hero says so.
    expect(await within(video).findByRole('button', { name: 'Open Full body burn' }, POLL)).toBeTruthy();
    expect(within(albumCard).getByRole('button', { name: 'Open Beach day' })).toBeTruthy();
    expect(await screen.findByText('Subscribed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(screen.queryByText('For subscribers only')).toBeNull();
  }, 15_000);

  it('sends a signed-out visitor of a subscribers-only store to sign in from Subscribe to unlock', async () => {
    localStorage.removeItem('token');
    liveStore({}, { profile: publicStore({ visibility: 'subscribers_only', isSubscribed: false }) });
    const user = userEvent.setup();
    const { router } = renderStore();
    const card = await screen.findByRole('article', { name: 'Full body burn' }, LAZY_PAGE);
    expect(within(card).queryByRole('button', { name: /^Buy/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Subscribe to unlock Full body burn' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/stores/jane-fit?buy=subscription');
  });

  it('sends signed-out visitors to sign up, and back to the item afterwards', async () => {
    localStorage.removeItem('token');
    const fetchMock = liveStore();
    const user = userEvent.setup();
    const { router } = renderStore();
    await user.click(await screen.findByRole('button', { name: 'Buy Full body burn' }, LAZY_PAGE));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      `/stores/jane-fit?buy=${contentItem().id}`,
    );
    expect(requestsTo(fetchMock, 'POST /api/purchases')).toHaveLength(0);
  });
});
