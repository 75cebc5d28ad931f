import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import { CONVERSATION_ID, ME, THEM, conversation, message, messageId } from '../test/fixtures';
import { MessagesPage } from './MessagesPage';

const { realtime, auth } = vi.hoisted(() => ({
  realtime: {} as ReturnType<typeof import('../../../test/realtime-stub').createRealtimeStub>,
  auth: {} as Record<string, unknown>,
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
await import('../../../lib/auth-client');
await import('../../../lib/realtime');

const LOADED = { timeout: 5000 };
// jsdom has no FontFaceSet; the composer's autosizing textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
const TOPIC = `conversation:${CONVERSATION_ID}`;
type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;

function serveMessages(extra: Handlers = {}) {
  return serve({
    'GET /api/messages/conversations': () => json({ items: [conversation()], nextCursor: null }),
    [`GET /api/messages/conversations/${CONVERSATION_ID}`]: () => json(conversation()),
    [`GET /api/messages/conversations/${CONVERSATION_ID}/messages`]: () =>
      json({ hasMore: false, items: [message(2, THEM, 'See you Friday'), message(1, ME, 'Hi there')] }),
    [`POST /api/messages/conversations/${CONVERSATION_ID}/read`]: () => json({ ok: true }),
    'GET /api/messages/unread': () => json({ total: 2, conversations: 1 }),
    'GET /api/messages/settings': () => json({ code: 'not_a_creator', message: 'Open a store first' }, 403),
    ...extra,
  });
}

const openThread = () => renderAt(<MessagesPage />, `/dashboard/messages?c=${CONVERSATION_ID}`);
const thread = () => screen.getByRole('log', { name: 'Messages with Velvet Hour' });

beforeEach(() => {
  window.localStorage.setItem('token', 'fan-token');
  (auth.getSession as ReturnType<typeof vi.fn>).mockResolvedValue({
    data: { session: { access_token: 'fan-token', user: { id: ME } } },
    error: null,
  });
  realtime.sent.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('the conversation list', () => {
  it('shows the other party, the last message, its time, the unread count and the muted marker, and pages by cursor', async () => {
    const fetchMock = serveMessages({
      'GET /api/messages/conversations': ({ url }) =>
        url.searchParams.get('cursor')
          ? json({
              items: [
                conversation({
                  id: 'second',
                  counterpart: { name: 'Jane Fit', storeSlug: 'jane-fit', userId: 'x' },
                  muted: true,
                  unreadCount: 0,
                  lastMessage: null,
                }),
              ],
              nextCursor: null,
            })
          : json({ items: [conversation()], nextCursor: 'next-page' }),
    });
    renderAt(<MessagesPage />, '/dashboard/messages');
    const list = await screen.findByRole('navigation', { name: 'Conversations' }, LOADED);
    expect(within(list).getByText('Velvet Hour')).toBeTruthy();
    expect(within(list).getByText('See you Friday')).toBeTruthy();
    expect(within(list).getByLabelText('2 unread')).toBeTruthy();
    expect(within(list).getByText('just now')).toBeTruthy();
    expect(screen.getByText('Choose a conversation')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Load more conversations' }));
    expect(await within(list).findByText('Jane Fit')).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Muted' })).toBeTruthy();
    expect(within(list).getByText('No messages yet')).toBeTruthy();
    expect(
      requestsTo(fetchMock, 'GET /api/messages/conversations').map((call) => call.url.searchParams.get('cursor')),
    ).toEqual([null, 'next-page']);
  });

  it('says when there are no conversations yet, and offers a retry when they cannot be loaded', async () => {
    let fail = true;
    serveMessages({
      'GET /api/messages/conversations': () =>
        fail ? json({ message: 'down' }, 503) : json({ items: [], nextCursor: null }),
    });
    renderAt(<MessagesPage />, '/dashboard/messages');
    const retry = await screen.findByRole('button', { name: 'Try again' }, LOADED);
    expect(screen.getByText('Your conversations could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });
});

describe('the thread', () => {
  it('shows the newest message at the bottom, sends a read receipt, and adds live messages, typing and the read receipt of the other side', async () => {
    const fetchMock = serveMessages();
    openThread();
    await screen.findByRole('log', { name: 'Messages with Velvet Hour' }, LOADED);
    const bubbles = () =>
      within(thread())
        .getAllByTestId('message')
        .map((bubble) => bubble.textContent ?? '');
    expect(bubbles()[0]).toContain('Hi there');
    expect(bubbles()[1]).toContain('See you Friday');
    await waitFor(() =>
      expect(requestsTo(fetchMock, `POST /api/messages/conversations/${CONVERSATION_ID}/read`)[0]?.body).toEqual({
        messageId: messageId(2),
      }),
    );

    act(() => realtime.emit(TOPIC, 'client:typing', { userId: THEM }));
    expect(screen.getByText('typing…')).toBeTruthy();
    act(() => realtime.emit(TOPIC, 'message', message(3, THEM, 'Are you there?')));
    expect(bubbles().at(-1)).toContain('Are you there?');
    expect(screen.queryByText('typing…')).toBeNull();
    // The same message again (live and from the catch-up) shows once.
    act(() => realtime.emit(TOPIC, 'message', message(3, THEM, 'Are you there?')));
    expect(bubbles()).toHaveLength(3);

    act(() => realtime.emit(TOPIC, 'message', message(4, ME, 'Yes!')));
    act(() => realtime.emit(TOPIC, 'read', { userId: THEM, messageId: messageId(4), conversationId: CONVERSATION_ID }));
    expect(bubbles().at(-1)).toContain('Seen');
  });

  it('loads older messages before the oldest shown, and catches up with after once the channel joins again', async () => {
    const fetchMock = serveMessages({
      [`GET /api/messages/conversations/${CONVERSATION_ID}/messages`]: ({ url }) =>
        url.searchParams.get('before')
          ? json({ hasMore: false, items: [message(0, THEM, 'Welcome to my store')] })
          : url.searchParams.get('after')
            ? json({ hasMore: false, items: [message(5, THEM, 'Sent while you were away')] })
            : json({ hasMore: true, items: [message(2, THEM, 'See you Friday'), message(1, ME, 'Hi there')] }),
    });
    openThread();
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }, LOADED));
    expect(await within(thread()).findByText('Welcome to my store')).toBeTruthy();
    act(() => realtime.reconnect(TOPIC));
    expect(await within(thread()).findByText('Sent while you were away')).toBeTruthy();
    const pages = requestsTo(fetchMock, `GET /api/messages/conversations/${CONVERSATION_ID}/messages`).map((call) =>
      Object.fromEntries(call.url.searchParams),
    );
    expect(pages.slice(1)).toEqual([
      { limit: '30', before: messageId(1) },
      { limit: '30', after: messageId(2) },
    ]);
  });

  it('shows media held for review as awaiting review', async () => {
    serveMessages({
      [`GET /api/messages/conversations/${CONVERSATION_ID}/messages`]: () =>
        json({
          hasMore: false,
          items: [
            message(1, THEM, '', {
              attachments: [{ contentId: 'c1', kind: 'video', state: 'pending', locked: false }],
            }),
          ],
        }),
    });
    openThread();
    expect(await screen.findByText('Awaiting review', {}, LOADED)).toBeTruthy();
  });
});

describe('the composer', () => {
  it('sends on Enter with a client id, keeps Shift+Enter for new lines, and turns the optimistic bubble into the stored one', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = serveMessages({
      [`POST /api/messages/conversations/${CONVERSATION_ID}/messages`]: ({ body }) =>
        new Promise<Response>((resolve) => (answer = resolve)).then(() =>
          json(
            message(9, ME, (body as { text: string }).text, { clientId: (body as { clientId: string }).clientId }),
            201,
          ),
        ),
    });
    openThread();
    const box = await screen.findByRole('textbox', { name: 'Message' }, LOADED);
    const user = userEvent.setup();
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(screen.getByText('17 / 2,000')).toBeTruthy();
    expect(realtime.sent.some((sent) => sent.event === 'client:typing')).toBe(true);
    await user.keyboard('{Enter}');

    expect(within(thread()).getByText('Sending…')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    const [sent] = requestsTo(fetchMock, `POST /api/messages/conversations/${CONVERSATION_ID}/messages`);
    expect(sent?.body).toEqual({ clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), text: 'Line one\nline two' });
    answer(new Response());
    await waitFor(() => expect(within(thread()).queryByText('Sending…')).toBeNull());
    expect(within(thread()).getAllByText(/Line one/)).toHaveLength(1);
  });

  it("explains the server's refusals and keeps the text: a price per message, a rate limit", async () => {
    let refusal = json(
      {
        code: 'payment_required',
        message: 'Messages to this creator cost EUR 2.50 each.',
        price_minor: 250,
        currency: 'EUR',
      },
      402,
    );
    serveMessages({ [`POST /api/messages/conversations/${CONVERSATION_ID}/messages`]: () => refusal });
    openThread();
    const box = await screen.findByRole('textbox', { name: 'Message' }, LOADED);
    const user = userEvent.setup();
    await user.type(box, 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/cost €2\.50 each\. Send it again to pay for it\./);
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
    expect(within(thread()).queryByText('Hello')).toBeNull();

    refusal = json(
      { code: 'message_rate_limited', message: 'You are sending messages too fast. Wait a moment and try again.' },
      429,
    );
    await user.type(box, '{Enter}');
    expect(await screen.findByText('You are sending messages too fast. Wait a moment and try again.')).toBeTruthy();
  });

  it('lets a creator send approved items of their store, shown as thumbnails through the signed media route', async () => {
    const item = (id: string, title: string, status: string, purpose = 'store') => ({
      id,
      title,
      status,
      purpose,
      kind: 'album',
      priceMinor: 1500,
      currency: 'EUR',
    });
    const fetchMock = serveMessages({
      [`GET /api/messages/conversations/${CONVERSATION_ID}`]: () =>
        json(conversation({ myRole: 'creator', counterpart: { name: 'fan••0570', storeSlug: null, userId: THEM } })),
      'GET /api/content/mine': () =>
        json({
          items: [
            item('a1', 'Golden hour', 'approved'),
            item('a2', 'Draft set', 'draft'),
            item('a3', 'For one fan', 'approved', 'message'),
          ],
        }),
      [`POST /api/messages/conversations/${CONVERSATION_ID}/messages`]: ({ body }) =>
        json(
          message(9, ME, '', {
            clientId: (body as { clientId: string }).clientId,
            attachments: [{ contentId: 'a1', kind: 'album', state: 'released', locked: false }],
          }),
          201,
        ),
      [`GET /api/messages/conversations/${CONVERSATION_ID}/messages/${messageId(9)}/media/a1`]: () =>
        json({
          contentId: 'a1',
          kind: 'album',
          media: [
            {
              id: 'm1',
              mediaType: 'image',
              number: 1,
              fileUrl: '/signed/full.jpg',
              previewUrl: null,
              thumbnailUrl: '/signed/thumb.jpg',
            },
          ],
        }),
    });
    openThread();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Attach from your store' }, LOADED));
    const picker = await screen.findByRole('dialog', { name: 'Attach from your store' });
    expect(await within(picker).findByRole('checkbox', { name: /Golden hour/ })).toBeTruthy();
    expect(within(picker).queryByText(/Draft set|For one fan/)).toBeNull();
    await user.click(within(picker).getByRole('checkbox', { name: /Golden hour/ }));
    await user.click(within(picker).getByRole('button', { name: 'Send item' }));
    const image = await within(screen.getByRole('log', { name: 'Messages with fan••0570' })).findByRole('img', {
      name: 'Photo album',
    });
    expect(image.getAttribute('src')).toBe('/signed/thumb.jpg');
    expect(requestsTo(fetchMock, `POST /api/messages/conversations/${CONVERSATION_ID}/messages`)[0]?.body).toEqual({
      clientId: expect.any(String),
      attachments: ['a1'],
    });
  });

  it('refuses an empty message and one over the limit before sending', async () => {
    const fetchMock = serveMessages();
    openThread();
    const box = await screen.findByRole('textbox', { name: 'Message' }, LOADED);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write a message first')).toBeTruthy();
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(2001));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('A message has at most 2,000 characters')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST /api/messages/conversations/${CONVERSATION_ID}/messages`)).toHaveLength(0);
  });
});

describe('the thread menu and the message settings', () => {
  it('mutes, blocks after a confirmation, and reports with a reason and details', async () => {
    let current = conversation();
    const fetchMock = serveMessages({
      [`GET /api/messages/conversations/${CONVERSATION_ID}`]: () => json(current),
      [`PUT /api/messages/conversations/${CONVERSATION_ID}/mute`]: () => (
        (current = { ...current, muted: true }),
        json({})
      ),
      [`PUT /api/messages/conversations/${CONVERSATION_ID}/block`]: () => (
        (current = { ...current, blockedByMe: true, closed: true }),
        json({})
      ),
      [`POST /api/messages/conversations/${CONVERSATION_ID}/reports`]: () =>
        json({ id: 'case', dueAt: new Date().toISOString() }, 201),
    });
    openThread();
    const user = userEvent.setup();
    const options = await screen.findByRole('button', { name: 'Conversation options' }, LOADED);
    await user.click(options);
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    expect(await screen.findByText('Conversation muted: it no longer counts in your badge')).toBeTruthy();

    await user.click(options);
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Velvet Hour?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Velvet Hour')).toBeTruthy();
    expect(
      await screen.findByText('You blocked this person. Unblock them from the menu to send a message.'),
    ).toBeTruthy();

    await user.click(options);
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: 'Report your conversation with Velvet Hour' });
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(within(report).getAllByText('Choose a reason')).toHaveLength(2); // the placeholder and the error
    await user.selectOptions(within(report).getByRole('combobox', { name: /Reason/ }), 'spam');
    await user.type(within(report).getByRole('textbox', { name: /Details/ }), 'Keeps sending links');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks. Our moderators review reports within 48 hours.')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST /api/messages/conversations/${CONVERSATION_ID}/reports`)[0]?.body).toEqual({
      reason: 'spam',
      details: 'Keeps sending links',
    });
  });

  it('lets a creator charge per message, checking the price, and hides the settings from fans', async () => {
    const fetchMock = serveMessages({
      'GET /api/messages/settings': () =>
        json({ audience: 'signed_in', currency: null, priceMinor: null, storeCurrency: 'EUR' }),
      'PUT /api/messages/settings': ({ body }) => json({ ...(body as object), currency: 'EUR', storeCurrency: 'EUR' }),
    });
    renderAt(<MessagesPage />, '/dashboard/messages');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Message settings' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Who may message you' });
    await user.click(within(dialog).getByRole('radio', { name: /Anyone, for a price per message/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(within(dialog).getByText('Set a price between 0.50 and 500.00')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Price per message/ }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Message settings saved')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/messages/settings')[0]?.body).toEqual({ audience: 'paid', priceMinor: 250 });
  });

  it('shows a fan no message settings', async () => {
    serveMessages();
    renderAt(<MessagesPage />, '/dashboard/messages');
    await screen.findByRole('navigation', { name: 'Conversations' }, LOADED);
    expect(screen.queryByRole('button', { name: 'Message settings' })).toBeNull();
  });
});
