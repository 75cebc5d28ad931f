import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { purchase, purchasedContent, PURCHASE_ID, referralLink } from '../../purchases/test/fixtures';
import { CATEGORIES, contentItem, json, LAZY_PAGE, publicStore, requestsTo, serve } from '../test/serve';
import { StorePage } from './StorePage';

const POLL = { timeout: 6000 };
const album = contentItem({
  id: 'album-1',
  kind: 'album',
  title: 'Beach day',
  priceMinor: 500,
  media: [{ ...contentItem().media[0], id: 'p1', mediaType: 'image', thumbnailUrl: '/media/p1.jpg', durationSeconds: null }],
});

function renderStore(path = '/stores/jane-fit') {
  return renderRoutes(
    [
      { path: '/stores/:slug', element: <StorePage /> },
      { path: '/sign-in', element: <p>Sign in page</p> },
    ],
    path,
  );
}

type Handlers = Parameters<typeof serve>[0];

function liveStore(extra: Handlers = {}, { profile = publicStore(), items = [contentItem(), album], provider }: { profile?: object; items?: object[]; provider?: string } = {}) {
  return serve({
    'GET /api/config': () => json({ launchPhase: 'live', ...(provider ? { paymentProvider: provider } : {}) }),
    'GET /api/categories': () => json({ items: CATEGORIES }),
    'GET /api/stores/jane-fit': () => json(profile),
    'GET /api/stores/jane-fit/content': () => json({ items }),
    ...extra,
  });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '1299');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Jane Doe');
}

async function openCheckout(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Buy Full body burn' }, LAZY_PAGE));
  return screen.findByRole('dialog', { name: 'Checkout' });
}

describe('store page purchases', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('validates the card form with clear messages and lists the sandbox test cards', async () => {
    liveStore();
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    expect(within(dialog).getByLabelText('Order summary').textContent).toContain('Full body burn');
    expect(within(dialog).getByText('$12.99')).toBeTruthy();
    expect(within(dialog).getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(within(dialog).getByText('4000 0000 0000 0002')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));
    expect(await within(dialog).findByText('Enter your card number')).toBeTruthy();
    expect(within(dialog).getByText('Enter the expiry date as MM/YY')).toBeTruthy();
    expect(within(dialog).getByText('Enter the 3 or 4 digit security code')).toBeTruthy();
    expect(within(dialog).getByText('Enter the name shown on the card')).toBeTruthy();

    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    await user.type(screen.getByLabelText('Expiry'), '0120');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));
    expect(await within(dialog).findByText('This card number is not valid. Check the digits.')).toBeTruthy();
    expect(within(dialog).getByText('This card has expired')).toBeTruthy();
  });

  it('hides the test cards when the platform uses a real payment provider', async () => {
    liveStore({}, { provider: 'stripe' });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    expect(within(dialog).getByLabelText('Card number')).toBeTruthy();
    expect(within(dialog).queryByText('4242 4242 4242 4242')).toBeNull();
  });

  it('pays by card with an Idempotency-Key and the ?ref= code, polls until paid, then opens the files', async () => {
    let polls = 0;
    const fetchMock = liveStore({
      'POST /api/purchases': () => json(purchase(), 201),
      [`GET /api/purchases/${PURCHASE_ID}`]: () => json(purchase({ status: ++polls > 1 ? 'paid' : 'pending' })),
      [`GET /api/purchases/${PURCHASE_ID}/content`]: () => json(purchasedContent('video')),
    });
    const user = userEvent.setup();
    renderStore('/stores/jane-fit?ref=r3f2a9');
    const dialog = await openCheckout(user);
    await fillCard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));

    expect(await within(dialog).findByText('Waiting for payment confirmation…')).toBeTruthy();
    const [post] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.headers.get('Authorization')).toBe('Bearer fan-token');
    expect(post.body).toEqual({
      kind: 'content',
      contentId: 'c0ffee00-0000-4000-8000-000000000001',
      method: 'card',
      card: { number: '4242424242424242', expiry: '12/99', cvc: '123', name: 'Jane Doe' },
      referralCode: 'r3f2a9',
    });

    expect(await within(dialog).findByText('Payment confirmed', {}, POLL)).toBeTruthy();
    expect(polls).toBeGreaterThanOrEqual(2);
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/media/file-1.mp4?sig=abc'));
    expect(dialog.querySelector('video')?.hasAttribute('controls')).toBe(true);
  }, 15_000);

  it('shows a declined payment in red and starts a new attempt with a new key on Try again', async () => {
    const fetchMock = liveStore({
      'POST /api/purchases': () => json(purchase(), 201),
      [`GET /api/purchases/${PURCHASE_ID}`]: () => json(purchase({ status: 'failed', failureReason: 'Your card was declined.' })),
    });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    await fillCard(user, '4000000000000002');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));

    expect(await within(dialog).findByText('Your card was declined.', {}, POLL)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await fillCard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/purchases')).toHaveLength(2));
    const [first, second] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  }, 15_000);

  it('retries a request whose answer was lost with the same Idempotency-Key', async () => {
    let calls = 0;
    const fetchMock = liveStore({
      'POST /api/purchases': () => (++calls === 1 ? json({ message: 'Bad gateway' }, 502) : json(purchase({ status: 'paid' }), 200)),
    });
    const user = userEvent.setup();
    renderStore();
    const dialog = await openCheckout(user);
    await fillCard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));
    expect(await within(dialog).findByText(/could not be reached/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.99' }));
    expect(await within(dialog).findByText('Payment confirmed')).toBeTruthy();
    const [first, second] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
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
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).toMatchObject({ method: 'crypto' });
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).not.toHaveProperty('card');
  });

  it('subscribes and tips from the hero, with the store’s minimum tip checked', async () => {
    const fetchMock = liveStore({ 'POST /api/purchases': () => json(purchase({ kind: 'tip', status: 'paid' }), 201) });
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'Subscribe · $9.99/month' }, LAZY_PAGE));
    const subscribe = await screen.findByRole('dialog', { name: 'Subscribe' });
    expect(within(subscribe).getByText('Monthly subscription to Jane Fit')).toBeTruthy();
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
    await user.click(within(tip).getByRole('button', { name: 'Continue with crypto' }));
    expect(await within(tip).findByText('Payment confirmed')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).toEqual({ kind: 'tip', storeSlug: 'jane-fit', amountMinor: 500, method: 'crypto' });
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
    expect(within(screen.getByRole('article', { name: 'Full body burn' })).queryByRole('button', { name: /Share/ })).toBeNull();
    await user.click(within(albumCard).getByRole('button', { name: 'Share & earn 5%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share & earn' });
    expect(await within(dialog).findByDisplayValue('http://localhost:5173/stores/jane-fit?ref=r3f2a9')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/referral-links')[0].body).toEqual({ contentId: 'album-1' });
  });

  it('hides Share & earn when the store has referrals off', async () => {
    liveStore({}, { profile: publicStore({ referrals: { enabled: false, commissionPercent: 5 }, tips: { enabled: false, minimumTipMinor: null } }) });
    renderStore();
    expect(await screen.findByRole('article', { name: 'Beach day' }, LAZY_PAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Share & earn/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a tip' })).toBeNull();
  });

  it('offers Subscribe to unlock instead of Buy in a subscribers-only store, and Open on every item once subscribed', async () => {
    let subscribed = false;
    let polls = 0;
    const fetchMock = liveStore({
      'GET /api/stores/jane-fit': () => json(publicStore({ visibility: 'subscribers_only', isSubscribed: subscribed })),
      'GET /api/stores/jane-fit/content': () =>
        json({ items: [contentItem(), album].map((item) => ({ ...item, owned: subscribed, purchaseId: subscribed ? PURCHASE_ID : null })) }),
      'POST /api/purchases': () => json(purchase({ kind: 'subscription', amountMinor: 999, contentId: null, contentTitle: null, contentKind: null }), 201),
      [`GET /api/purchases/${PURCHASE_ID}`]: () => {
        subscribed = ++polls > 1;
        return json(purchase({ kind: 'subscription', amountMinor: 999, status: subscribed ? 'paid' : 'pending' }));
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
    await fillCard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
    expect(await within(dialog).findByText('Payment confirmed', {}, POLL)).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0].body).toMatchObject({ kind: 'subscription', storeSlug: 'jane-fit' });
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('sends signed-out visitors to sign in', async () => {
    localStorage.removeItem('token');
    const fetchMock = liveStore();
    const user = userEvent.setup();
    const { router } = renderStore();
    await user.click(await screen.findByRole('button', { name: 'Buy Full body burn' }, LAZY_PAGE));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(requestsTo(fetchMock, 'POST /api/purchases')).toHaveLength(0);
  });
});
