import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import { CONVERSATION_ID, ME, THEM, conversation, message, messageId, pricedMessage } from '../test/fixtures';
import { MessagesPage } from './MessagesPage';

const { realtime, auth, hosted } = vi.hoisted(() => ({
  realtime: {} as ReturnType<typeof import('../../../test/realtime-stub').createRealtimeStub>,
  auth: {} as Record<string, unknown>,
  hosted: { opened: [] as string[] },
}));
vi.mock('../../../lib/realtime', async () => {
  Object.assign(realtime, (await import('../../../test/realtime-stub')).createRealtimeStub());
  return { joinPrivate: realtime.joinPrivate, CLIENT_TYPING: 'client:typing' };
});
vi.mock('../../../lib/auth-client', async () => {
  const { createAuthMock } = await import('../../../test/mock-auth');
  Object.assign(auth, createAuthMock());
  return { auth, PUBLIC_ANON_KEY: 'anon' };
});
// The hosted payment page is another origin: the test records where the browser would go.
vi.mock('../../purchases/services/hosted-checkout', async (original) => ({
  ...(await original<typeof import('../../purchases/services/hosted-checkout')>()),
  openHostedCheckout: (url: string) => hosted.opened.push(url),
}));
await import('../../../lib/auth-client');
await import('../../../lib/realtime');

const LOADED = { timeout: 5000 };
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;
const MESSAGES = `/api/messages/conversations/${CONVERSATION_ID}/messages`;

function serveThread(items: unknown[], extra: Handlers = {}, asCreator = false) {
  const view = asCreator
    ? conversation({ myRole: 'creator', counterpart: { name: 'fan••0570', storeSlug: null, userId: THEM } })
    : conversation();
  return serve({
    'GET /api/messages/conversations': () => json({ items: [view], nextCursor: null }),
    [`GET /api/messages/conversations/${CONVERSATION_ID}`]: () => json(view),
    [`GET ${MESSAGES}`]: () => json({ hasMore: false, items }),
    [`POST /api/messages/conversations/${CONVERSATION_ID}/read`]: () => json({ ok: true }),
    'GET /api/messages/unread': () => json({ total: 0, conversations: 0 }),
    'GET /api/messages/settings': () =>
      asCreator
        ? json({ audience: 'signed_in', currency: null, priceMinor: null, storeCurrency: 'EUR' })
        : json({ code: 'not_a_creator', message: 'Open a store first' }, 403),
    'GET /api/stores/velvet-hour': () =>
      json({
        slug: 'velvet-hour',
        displayName: 'Velvet Hour',
        currency: 'EUR',
        tips: { enabled: true, minimumTipMinor: 300 },
      }),
    ...extra,
  });
}

const openThread = () => renderAt(<MessagesPage />, `/dashboard/messages?c=${CONVERSATION_ID}`);

beforeEach(() => {
  window.localStorage.setItem('token', 'a-token');
  (auth.getSession as ReturnType<typeof vi.fn>).mockResolvedValue({
    data: { session: { access_token: 'a-token', user: { id: ME } } },
    error: null,
  });
  hosted.opened.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const TOPIC = `conversation:${CONVERSATION_ID}`;
const OWNED = `/api/messages/conversations/${CONVERSATION_ID}/owned-items`;
const item = {
  id: 'a1',
  title: 'Golden hour',
  status: 'approved',
  purpose: 'store',
  kind: 'video',
  priceMinor: 1500,
  currency: 'EUR',
};

describe('items the fan already owns', () => {
  it('warns the creator in the picker when the fan owns the chosen item, naming it', async () => {
    const fetchMock = serveThread(
      [message(1, THEM, 'Hi!')],
      {
        'GET /api/content/mine': () => json({ items: [item] }),
        [`GET ${OWNED}`]: () =>
          json({ recipient: 'fan••0570', alreadyOwned: [{ contentId: 'a1', title: 'Golden hour' }] }),
      },
      true,
    );
    openThread();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Attach from your store' }, LOADED));
    const picker = await screen.findByRole('dialog', { name: 'Attach from your store' });
    await user.click(await within(picker).findByRole('checkbox', { name: /Golden hour/ }));
    const warning =
      'fan••0570 already owns “Golden hour” (bought, or through their subscription): they will get this message free.';
    expect(await within(picker).findByText(warning)).toBeTruthy();
    expect(requestsTo(fetchMock, `GET ${OWNED}`)[0]?.url.searchParams.getAll('contentIds')).toEqual(['a1']);
  });

  it('names what the unlock opens, marking an item the fan owns', async () => {
    serveThread([
      pricedMessage(2, THEM, 'Two sets', {
        unlocks: [
          { contentId: 'c1', title: 'Golden hour', kind: 'video', owned: false },
          { contentId: 'c2', title: 'Blue hour', kind: 'album', owned: true },
        ],
      }),
    ]);
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    expect(
      within(log).getByRole('button', { name: 'Unlock for €4.99: opens “Golden hour”, “Blue hour” (yours already)' }),
    ).toBeTruthy();
  });

  it('shows a message of items the fan owns unlocked and free, with no unlock', async () => {
    serveThread(
      [
        pricedMessage(2, THEM, 'Already yours', {
          locked: false,
          attachments: [{ contentId: 'c1', kind: 'video', state: 'released', locked: false }],
          unlocks: [{ contentId: 'c1', title: 'Golden hour', kind: 'video', owned: true }],
        }),
      ],
      { [`GET ${MESSAGES}/${messageId(2)}/media/c1`]: () => json({ contentId: 'c1', kind: 'video', media: [] }) },
    );
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    expect(await within(log).findByText('Free for you: you already own what it opens')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /Unlock for/ })).toBeNull();
  });

  it('asks for its own view of a live priced message, which opens free for a fan who owns its items', async () => {
    const free = pricedMessage(3, THEM, 'Live set', {
      locked: false,
      attachments: [{ contentId: 'c1', kind: 'video', state: 'released', locked: false }],
      unlocks: [{ contentId: 'c1', title: 'Golden hour', kind: 'video', owned: true }],
    });
    let items: unknown[] = [message(1, THEM, 'Hi!')];
    const fetchMock = serveThread([], {
      [`GET ${MESSAGES}`]: () => json({ hasMore: false, items }),
      [`GET ${MESSAGES}/${messageId(3)}/media/c1`]: () => json({ contentId: 'c1', kind: 'video', media: [] }),
    });
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    const before = requestsTo(fetchMock, `GET ${MESSAGES}`).length;
    items = [free, message(1, THEM, 'Hi!')];
    // Announced as any recipient would see it: locked.
    const announced = pricedMessage(3, THEM, 'Live set', {
      unlocks: [{ contentId: 'c1', title: 'Golden hour', kind: 'video', owned: false }],
    });
    act(() => realtime.emit(TOPIC, 'message', announced));
    expect(await within(log).findByText('Free for you: you already own what it opens')).toBeTruthy();
    expect(requestsTo(fetchMock, `GET ${MESSAGES}`).length).toBeGreaterThan(before);
  });
});
