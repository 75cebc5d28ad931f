import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { MessageEmailsCard } from './MessageEmailsCard';

const { auth } = vi.hoisted(() => ({
  auth: {
    getSession: vi.fn(),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
  },
}));
vi.mock('../../../lib/auth-client', () => ({ auth }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(handlers: Record<string, (init?: RequestInit) => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`];
    return handler ? handler(init) : json({ message: 'offline' }, 503);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderCard = () => renderRoutes([{ path: '/', element: <MessageEmailsCard /> }], '/');
const toggle = () => screen.findByRole('switch', { name: /^Email me unread messages/ }) as Promise<HTMLInputElement>;

describe('MessageEmailsCard', () => {
  beforeEach(() => {
    auth.getSession.mockReset();
    auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token-1', user: {} } }, error: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the setting with its description and turns it off with the signed-in token', async () => {
    const fetchMock = stubFetch({
      'GET /api/messages/preferences': () => json({ emailDigest: true }),
      'PUT /api/messages/preferences': (init) => json(JSON.parse(String(init?.body))),
    });
    renderCard();
    const input = await toggle();
    await waitFor(() => expect(input.checked).toBe(true));
    expect(screen.getByText(/When a message waits unread for over an hour, we email you once/)).toBeTruthy();

    await userEvent.click(input);
    await waitFor(() => expect(input.checked).toBe(false));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ emailDigest: false });
    expect(new Headers(put[1]!.headers).get('Authorization')).toBe('Bearer token-1');
    expect(await screen.findByText('We will no longer email you unread messages')).toBeTruthy();
  });

  it('keeps the saved value and says so when saving fails', async () => {
    stubFetch({
      'GET /api/messages/preferences': () => json({ emailDigest: false }),
      'PUT /api/messages/preferences': () =>
        json({ code: 'validation_failed', message: 'emailDigest must be true or false' }, 400),
    });
    renderCard();
    const input = await toggle();
    await waitFor(() => expect(input.checked).toBe(false));
    await userEvent.click(input);
    expect(await screen.findByText('emailDigest must be true or false')).toBeTruthy();
    await waitFor(() => expect(input.checked).toBe(false));
  });

  it('says when the setting cannot be loaded', async () => {
    stubFetch({});
    renderCard();
    expect(
      await screen.findByText('Your message email setting could not be loaded. Please refresh the page.'),
    ).toBeTruthy();
  });
});
