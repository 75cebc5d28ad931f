import '../test/jsdom-extras';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, stubFetch } from '../../../test/mock-auth';
import { STORE_LIMITS, type Store } from '../services/store.service';
import { CATEGORIES, NOT_VERIFIED, storeFixture, VERIFIED } from '../test/fixtures';
import { StoreSettingsPage } from './StoreSettingsPage';

type Handler = Parameters<typeof stubFetch>[0][string];

const NO_STORE = () => json({ code: 'no_store', message: 'You have not opened a store yet' }, 404);

function serve(options: { store?: Store | null; verification?: object; extra?: Record<string, Handler> } = {}) {
  const { store = null, verification = VERIFIED, extra = {} } = options;
  const fetchMock = stubFetch({
    'GET /api/stores/mine': () => (store ? json(store) : NO_STORE()),
    'GET /api/categories': () => json({ items: CATEGORIES }),
    'GET /api/verify-user/status': () => json(verification),
    ...extra,
  });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([input, init]) => input === url && (init?.method ?? 'GET') === method);
  const bodyOf = (method: string, url: string, index = 0) =>
    JSON.parse(calls(method, url)[index]?.[1]?.body as string) as Record<string, unknown>;
  return { fetchMock, calls, bodyOf };
}

const slugAnswer =
  (slug: string, available: boolean, reason: string | null = null) =>
  () =>
    json({ slug, available, reason });

function renderPage() {
  return renderRoutes(
    [{ path: '/dashboard/mystoresettings', element: <StoreSettingsPage /> }],
    '/dashboard/mystoresettings',
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('StoreSettingsPage: opening a store', () => {
  beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('tells a creator who is not verified to verify first, with a link to Verification', async () => {
    serve({ verification: NOT_VERIFIED });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Verify your identity first')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Verification' }).getAttribute('href')).toBe(
      '/dashboard/verification',
    );
    expect(screen.queryByRole('button', { name: 'Open my store' })).toBeNull();
  });

  it('checks the address while typing, refuses a taken one and opens the store with a free one', async () => {
    const opened = storeFixture({ slug: 'jane-fit-studio', nsfw: { isNsfw: false, categories: ['fitness'] } });
    const { calls, bodyOf } = serve({
      extra: {
        'GET /api/stores/slug-available?slug=jane-fit': slugAnswer(
          'jane-fit',
          false,
          'This store address is taken: choose another',
        ),
        'GET /api/stores/slug-available?slug=jane-fit-studio': slugAnswer('jane-fit-studio', true),
        'POST /api/stores': () => json(opened, 201),
      },
    });
    renderPage();
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Store name/ }), 'Jane Fit');
    const address = screen.getByRole<HTMLInputElement>('textbox', { name: /Store address/ });
    expect(address.value).toBe('jane-fit');
    expect(await screen.findByText('This store address is taken: choose another')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open my store' })).toHaveProperty('disabled', true);

    await user.type(address, '-studio');
    expect(await screen.findByText('jane-fit-studio is available')).toBeTruthy();
    expect(calls('GET', '/api/stores/slug-available?slug=jane-fit-studio')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: /Categories/ }));
    await user.click(await screen.findByRole('option', { name: 'Fitness', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Open my store' }));

    expect(await screen.findByRole('region', { name: 'Appearance' })).toBeTruthy();
    expect(bodyOf('POST', '/api/stores')).toEqual({
      displayName: 'Jane Fit',
      slug: 'jane-fit-studio',
      categories: ['fitness'],
    });
    expect(screen.getByTestId('store-url').textContent).toBe(`${window.location.origin}/stores/jane-fit-studio`);
  });

  it('asks for a store name of the allowed length and an address before sending anything', async () => {
    const { calls } = serve({ extra: { 'POST /api/stores': () => json(storeFixture(), 201) } });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Store name/ }), ' ');
    await user.clear(screen.getByRole('textbox', { name: /Store address/ }));
    await user.click(screen.getByRole('button', { name: 'Open my store' }));
    const { min, max } = STORE_LIMITS.displayName;
    expect(await screen.findByText(`The store name has ${min} to ${max} characters`)).toBeTruthy();
    expect(screen.getByText('Choose a store address')).toBeTruthy();
    expect(calls('POST', '/api/stores')).toHaveLength(0);
  });

  it('shows slug_taken under the address when another creator took it first', async () => {
    serve({
      extra: {
        'GET /api/stores/slug-available?slug=jane-fit': slugAnswer('jane-fit', true),
        'POST /api/stores': () =>
          json({ code: 'slug_taken', message: 'This store address is taken: choose another' }, 409),
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Store name/ }), 'Jane Fit');
    expect(await screen.findByText('jane-fit is available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open my store' }));
    expect(await screen.findByText('This store address is taken: choose another')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Store address/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('switches to the verification message when the server answers not_verified', async () => {
    serve({
      extra: {
        'GET /api/stores/slug-available?slug=jane-fit': slugAnswer('jane-fit', true),
        'POST /api/stores': () =>
          json({ code: 'not_verified', message: 'Only verified creators can open a store.' }, 403),
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Store name/ }), 'Jane Fit');
    await screen.findByText('jane-fit is available');
    await user.click(screen.getByRole('button', { name: 'Open my store' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Go to Verification' }).getAttribute('href')).toBe(
      '/dashboard/verification',
    );
  });
});

describe('StoreSettingsPage: settings sections', () => {
  beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the sections as SPEC §2 names them, the store URL with copy, and the fixed 5% referral commission', async () => {
    serve({ store: storeFixture() });
    renderPage();
    await screen.findByRole('region', { name: 'Appearance' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Appearance',
      'Banner and avatar',
      'Content Settings',
      'Access Control',
      'Tips',
      'Referrals',
      'Collaboration',
      'Notifications',
      'NSFW Settings',
    ]);
    expect(screen.getByTestId('store-url').textContent).toBe(`${window.location.origin}/stores/jane-fit`);
    expect(screen.getByRole('link', { name: 'View store' }).getAttribute('href')).toBe('/stores/jane-fit');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(within(section('Referrals')).getByLabelText('5% commission')).toBeTruthy();
    expect(within(section('Referrals')).getByText(/paid from the platform's share/)).toBeTruthy();
  });

  it('turns sale emails off in Notifications', async () => {
    let current = storeFixture();
    const { bodyOf } = serve({
      store: current,
      extra: {
        'PATCH /api/stores/mine': (init) => {
          const body = JSON.parse(init?.body as string) as { notifications: Store['notifications'] };
          current = { ...current, notifications: body.notifications };
          return json(current);
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    const emailSales = within(notifications).getByRole('switch', { name: /Email me about sales/ });
    expect((emailSales as HTMLInputElement).checked).toBe(true);
    await user.click(emailSales);
    await user.click(within(notifications).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Notifications saved')).toBeTruthy();
    expect(bodyOf('PATCH', '/api/stores/mine')).toEqual({ notifications: { emailSales: false } });
  });

  it('saves a section in minor units and shows the server’s field error under its input', async () => {
    let current = storeFixture();
    const { bodyOf, calls } = serve({
      store: current,
      extra: {
        'PATCH /api/stores/mine': (init) => {
          const body = JSON.parse(init?.body as string) as { content?: Store['content']; access?: Store['access'] };
          if (body.access) {
            return json(
              {
                code: 'validation_failed',
                message: 'A subscribers-only store needs subscriptions turned on',
                details: [
                  { field: 'access.visibility', message: 'A subscribers-only store needs subscriptions turned on' },
                ],
              },
              400,
            );
          }
          current = { ...current, content: { ...current.content, ...body.content } };
          return json(current);
        },
      },
    });
    renderPage();
    const user = userEvent.setup();

    const content = await screen.findByRole('region', { name: 'Content Settings' });
    const videoPrice = within(content).getByRole('textbox', { name: 'Default video price' });
    expect((videoPrice as HTMLInputElement).value).toBe('9.99');
    await user.clear(videoPrice);
    await user.type(videoPrice, '12.5');
    await user.click(within(content).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Content Settings saved')).toBeTruthy();
    expect(bodyOf('PATCH', '/api/stores/mine')).toEqual({
      content: { currency: 'USD', defaultVideoPriceMinor: 1250, defaultAlbumPriceMinor: 1499, allowDownloads: false },
    });
    await waitFor(() =>
      expect(within(content).getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true),
    );

    const access = section('Access Control');
    await user.click(within(access).getByRole('radio', { name: 'Subscribers only' }));
    await user.click(within(access).getByRole('button', { name: 'Save changes' }));
    expect(await within(access).findByText('A subscribers-only store needs subscriptions turned on')).toBeTruthy();
    expect(bodyOf('PATCH', '/api/stores/mine', 1)).toEqual({
      access: {
        visibility: 'subscribers_only',
        subscriptionEnabled: false,
        subscriptionPriceMinor: 999,
        showSubscriberCount: false,
      },
    });
    expect(calls('PATCH', '/api/stores/mine')).toHaveLength(2);
  });

  it('checks money in the units the creator types before sending', async () => {
    const { calls } = serve({ store: storeFixture() });
    renderPage();
    const user = userEvent.setup();
    const tips = await screen.findByRole('region', { name: 'Tips' });
    const minimum = within(tips).getByRole('textbox', { name: 'Minimum tip' });
    await user.clear(minimum);
    await user.type(minimum, '0.5');
    await user.click(within(tips).getByRole('button', { name: 'Save changes' }));
    expect(await within(tips).findByText('Enter an amount from $1.00 to $1,000.00')).toBeTruthy();
    expect(calls('PATCH', '/api/stores/mine')).toHaveLength(0);
  });
});
