import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { config, json, LAZY_PAGE, requestsTo, serve } from '../../../test/serve';
import { purchase, PURCHASE_ID } from '../../../test/purchase-fixtures';
import { CheckoutReturnRoute } from './CheckoutReturnRoute';

const { getSession, getAuthenticatorAssuranceLevel } = vi.hoisted(() => ({
  getSession: vi.fn(),
  getAuthenticatorAssuranceLevel: vi.fn(),
}));
vi.mock('../../../lib/auth-client', () => ({ auth: { getSession, mfa: { getAuthenticatorAssuranceLevel } } }));

const PATH = `/checkout/return?purchase=${PURCHASE_ID}`;
const renderRoute = () =>
  renderRoutes(
    [
      { path: '/checkout/return', element: <CheckoutReturnRoute /> },
      { path: '/sign-in', element: <p>Sign-in page</p> },
    ],
    PATH,
  );

describe('/checkout/return route', () => {
  beforeEach(() => {
    getSession.mockResolvedValue({ data: { session: { access_token: 'fan-token' } }, error: null });
    getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal1' },
      error: null,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the page the app routes /checkout/return to', async () => {
    const leaf = matchRoutes(routes, '/checkout/return')?.at(-1)?.route;
    const lazy = leaf?.lazy as () => Promise<{ Component: { displayName?: string } }>;
    expect((await lazy()).Component.displayName).toBe('WithQueryClient(CheckoutReturnRoute)');
  });

  it('shows the payment to a signed-in fan in the live phase', async () => {
    serve({
      'GET /api/config': config('live'),
      [`POST /api/purchases/${PURCHASE_ID}/refresh`]: () => json(purchase({ status: 'paid' })),
      [`GET /api/purchases/${PURCHASE_ID}`]: () => json(purchase({ status: 'paid' })),
    });
    renderRoute();
    expect(await screen.findByText('Payment confirmed', {}, LAZY_PAGE)).toBeTruthy();
  });

  it('sends a visitor without a session to sign in, asking nothing of the API', async () => {
    getSession.mockResolvedValue({ data: { session: null }, error: null });
    const fetchMock = serve({ 'GET /api/config': config('live') });
    renderRoute();
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST /api/purchases/${PURCHASE_ID}/refresh`)).toHaveLength(0);
  });

  it('is not found before launch', async () => {
    const fetchMock = serve({ 'GET /api/config': config('prelaunch') });
    renderRoute();
    expect(await screen.findByRole('heading', { name: '404 URL Not Found' }, LAZY_PAGE)).toBeTruthy();
    expect(requestsTo(fetchMock, `GET /api/purchases/${PURCHASE_ID}`)).toHaveLength(0);
  });
});
