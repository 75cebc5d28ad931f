import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import {
  CONVERSATION_ID,
  ME,
  THEM,
  checkoutPurchase,
  conversation,
  message,
  messageId,
  pricedMessage,
  tipMessage,
} from '../test/fixtures';
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
const RETURN_TO = `/dashboard/messages?c=${CONVERSATION_ID}`;

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

describe('a priced message, seen by the fan', () => {
  it('shows its text and a blurred, locked placeholder per attachment, and unlocks through the checkout, coming back to the thread', async () => {
    const fetchMock = serveThread([pricedMessage(2, THEM, 'The full golden hour set, just for you')], {
      'POST /api/purchases': () => json(checkoutPurchase(), 201),
    });
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    expect(within(log).getByText('The full golden hour set, just for you')).toBeTruthy();
    expect(within(log).getByRole('img', { name: 'Locked video' })).toBeTruthy();
    // No signed media route is asked for a locked attachment.
    expect(requestsTo(fetchMock, `GET ${MESSAGES}/${messageId(2)}/media/c1`)).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(within(log).getByRole('button', { name: 'Unlock for €4.99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock message' });
    expect(within(dialog).getByText('Message: Velvet Hour')).toBeTruthy();
    expect(within(dialog).getByTestId('checkout-amount').textContent).toBe('€4.99');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));

    await waitFor(() => expect(hosted.opened).toEqual(['https://pay.example.test/checkout/1']));
    const [purchase] = requestsTo(fetchMock, 'POST /api/purchases');
    expect(purchase?.body).toEqual({ kind: 'message', messageId: messageId(2), method: 'card', returnTo: RETURN_TO });
    expect(purchase?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the media of a message the fan bought, and offers no unlock', async () => {
    serveThread(
      [
        pricedMessage(2, THEM, 'Yours now', {
          locked: false,
          attachments: [{ contentId: 'c1', kind: 'video', state: 'released', locked: false }],
        }),
      ],
      {
        [`GET ${MESSAGES}/${messageId(2)}/media/c1`]: () =>
          json({
            contentId: 'c1',
            kind: 'video',
            media: [
              {
                id: 'm1',
                mediaType: 'video',
                number: 1,
                fileUrl: '/signed/clip.mp4',
                previewUrl: null,
                thumbnailUrl: '/signed/clip.jpg',
              },
            ],
          }),
      },
    );
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    expect((await within(log).findByRole('img', { name: 'Video' })).getAttribute('src')).toBe('/signed/clip.jpg');
    expect(within(log).getByText('Unlocked · €4.99')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /Unlock for/ })).toBeNull();
    expect(within(log).queryByRole('img', { name: 'Locked video' })).toBeNull();
  });

  it('takes a locked message out of the thread live when its creator unsends it', async () => {
    let items = [pricedMessage(2, THEM, 'Gone soon'), message(1, ME, 'Hello')];
    serveThread([], { [`GET ${MESSAGES}`]: () => json({ hasMore: false, items }) });
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    expect(within(log).getByText('Gone soon')).toBeTruthy();
    items = [message(1, ME, 'Hello')];
    act(() =>
      realtime.emit(`conversation:${CONVERSATION_ID}`, 'message_withdrawn', {
        conversationId: CONVERSATION_ID,
        messageId: messageId(2),
      }),
    );
    await waitFor(() => expect(within(log).queryByText('Gone soon')).toBeNull());
    expect(within(log).getByText('Hello')).toBeTruthy();
  });
});

describe('tips in the thread', () => {
  it('shows a tip as its own card, and lets a fan tip from the thread with the conversation named', async () => {
    const fetchMock = serveThread([tipMessage(2, ME, 'For the Friday stream', 700), message(1, THEM, 'Hello!')], {
      'POST /api/purchases': () => json(checkoutPurchase({ kind: 'tip', amountMinor: 500 }), 201),
    });
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    const tip = within(log)
      .getAllByTestId('message')
      .find((bubble) => bubble.dataset.kind === 'tip')!;
    expect(tip.textContent).toContain('You sent a tip of €7.00');
    expect(tip.textContent).toContain('“For the Friday stream”');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a tip' });
    const amount = within(dialog).getByRole('textbox', { name: /Tip amount/ });
    await user.clear(amount);
    await user.type(amount, '5');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to secure payment' }));
    await waitFor(() => expect(hosted.opened).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST /api/purchases')[0]?.body).toEqual({
      kind: 'tip',
      storeSlug: 'velvet-hour',
      amountMinor: 500,
      message: 'Thanks!',
      conversationId: CONVERSATION_ID,
      method: 'card',
      returnTo: RETURN_TO,
    });
  });
});

describe('a price per message', () => {
  it('tells the fan the price, holds the sent message with "Pay to send", and opens the checkout again when the first lapsed', async () => {
    const held = (clientId: string) =>
      message(9, ME, 'Hi, can I ask a question?', {
        clientId,
        status: 'awaiting_payment',
        price: null,
        kind: 'message',
      });
    let firstCheckout = checkoutPurchase({
      kind: 'message_fee',
      amountMinor: 250,
      checkoutUrl: 'https://pay.example.test/fee/1',
    });
    const fetchMock = serveThread([message(1, THEM, 'Welcome!')], {
      [`GET /api/messages/conversations/${CONVERSATION_ID}`]: () =>
        json(conversation({ messagePrice: { currency: 'EUR', priceMinor: 250 } })),
      [`POST ${MESSAGES}`]: ({ body }) =>
        json({ message: held((body as { clientId: string }).clientId), purchase: firstCheckout }, 202),
      [`POST ${MESSAGES}/${messageId(9)}/pay`]: () =>
        json(
          checkoutPurchase({ kind: 'message_fee', amountMinor: 250, checkoutUrl: 'https://pay.example.test/fee/2' }),
        ),
    });
    openThread();
    expect(
      await screen.findByText('Each message to Velvet Hour costs €2.50. It is delivered once you pay.', {}, LOADED),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi, can I ask a question?{Enter}');

    const log = screen.getByRole('log', { name: 'Messages with Velvet Hour' });
    const pay = await within(log).findByRole('button', { name: 'Pay €2.50 to send' });
    expect(within(log).getByText('Not delivered yet: the creator gets it once you pay.')).toBeTruthy();
    await user.click(pay);
    await waitFor(() => expect(hosted.opened).toEqual(['https://pay.example.test/fee/1']));
    expect(requestsTo(fetchMock, `POST ${MESSAGES}/${messageId(9)}/pay`)).toHaveLength(0);

    // The first checkout expired: "Pay to send" asks for a new one.
    firstCheckout = { ...firstCheckout, status: 'expired', checkoutUrl: null };
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi, can I ask a question?{Enter}');
    await user.click((await within(log).findAllByRole('button', { name: 'Pay €2.50 to send' }))[0]!);
    await waitFor(() =>
      expect(hosted.opened).toEqual(['https://pay.example.test/fee/1', 'https://pay.example.test/fee/2']),
    );
  });
});

describe("a creator's priced messages", () => {
  it('sends items with a text and a price, checking the range', async () => {
    const item = {
      id: 'a1',
      title: 'Golden hour',
      status: 'approved',
      purpose: 'store',
      kind: 'video',
      priceMinor: 1500,
      currency: 'EUR',
    };
    const fetchMock = serveThread(
      [message(1, THEM, 'Hi!')],
      {
        'GET /api/content/mine': () => json({ items: [item] }),
        [`POST ${MESSAGES}`]: ({ body }) =>
          json(
            pricedMessage(9, ME, 'Just for you', {
              clientId: (body as { clientId: string }).clientId,
              locked: false,
              unlockCount: 0,
              attachments: [{ contentId: 'a1', kind: 'video', state: 'released' }],
            }),
            201,
          ),
        [`GET ${MESSAGES}/${messageId(9)}/media/a1`]: () => json({ contentId: 'a1', kind: 'video', media: [] }),
      },
      true,
    );
    openThread();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Attach from your store' }, LOADED));
    const picker = await screen.findByRole('dialog', { name: 'Attach from your store' });
    await user.click(await within(picker).findByRole('checkbox', { name: /Golden hour/ }));
    await user.type(within(picker).getByRole('textbox', { name: /Message/ }), 'Just for you');
    await user.click(within(picker).getByRole('switch', { name: /Charge to unlock/ }));
    const price = within(picker).getByRole('textbox', { name: /Price to unlock/ });
    await user.type(price, '0.2');
    await user.click(within(picker).getByRole('button', { name: /^Send item/ }));
    expect(within(picker).getByText('Enter an amount from €0.50 to €1,000.00')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '4.99');
    await user.click(within(picker).getByRole('button', { name: 'Send item for €4.99' }));

    const log = screen.getByRole('log', { name: 'Messages with fan••0570' });
    expect(await within(log).findByText('0 bought')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST ${MESSAGES}`)[0]?.body).toEqual({
      clientId: expect.any(String),
      text: 'Just for you',
      attachments: ['a1'],
      priceMinor: 499,
    });
  });

  it('shows the price and how many bought, and unsends after a confirmation, saying who lost it and who keeps it', async () => {
    let withdrawn = false;
    const sent = () => pricedMessage(3, ME, 'Behind the scenes', { locked: false, unlockCount: 3, withdrawn });
    const fetchMock = serveThread(
      [],
      {
        [`GET ${MESSAGES}`]: () => json({ hasMore: false, items: [sent()] }),
        [`POST ${MESSAGES}/${messageId(3)}/unsend`]: () => {
          withdrawn = true;
          return json({ withdrawnFrom: 5, keptBy: 3 });
        },
      },
      true,
    );
    openThread();
    const log = await screen.findByRole('log', { name: 'Messages with fan••0570' }, LOADED);
    expect(within(log).getByText('€4.99')).toBeTruthy();
    expect(within(log).getByText('3 bought')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(log).getByRole('button', { name: 'Unsend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsend this paid message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unsend' }));
    const done = await screen.findByRole('dialog', { name: 'Message unsent' });
    expect(within(done).getByText('Removed from 5 fans. 3 buyers keep it: they paid for it.')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST ${MESSAGES}/${messageId(3)}/unsend`)).toHaveLength(1);
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await within(log).findByText('Unsent')).toBeTruthy();
  });
});
