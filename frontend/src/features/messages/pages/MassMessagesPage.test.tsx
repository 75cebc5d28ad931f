import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import { massMessage } from '../test/fixtures';
import { MassMessagesPage } from './MassMessagesPage';

const LOADED = { timeout: 5000 };
// jsdom has no FontFaceSet; the autosizing textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;
const ITEMS = [
  {
    id: 'a1',
    title: 'Golden hour',
    status: 'approved',
    purpose: 'store',
    kind: 'video',
    priceMinor: 1500,
    currency: 'EUR',
  },
  {
    id: 'a2',
    title: 'Blue set',
    status: 'approved',
    purpose: 'store',
    kind: 'album',
    priceMinor: 900,
    currency: 'EUR',
  },
];

function serveMass(extra: Handlers = {}) {
  return serve({
    'GET /api/messages/mass-messages': () =>
      json({
        items: [
          massMessage(2, { status: 'sending', recipients: 120, delivered: 64, unlocks: 3, revenueMinor: 2997 }),
          massMessage(1, { price: null, unlocks: 0, revenueMinor: 0, segment: 'favourites' }),
        ],
        nextCursor: null,
      }),
    'GET /api/messages/mass-messages/audience': ({ url }) =>
      json({
        recipients:
          url.searchParams.get('segment') === 'buyers' ? (url.searchParams.get('contentId') === 'a2' ? 12 : 4) : 40,
      }),
    'GET /api/content/mine': () => json({ items: ITEMS }),
    'GET /api/messages/settings': () =>
      json({ audience: 'signed_in', currency: null, priceMinor: null, storeCurrency: 'EUR' }),
    ...extra,
  });
}

beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
afterEach(() => vi.unstubAllGlobals());

describe('the mass messages page', () => {
  it('lists each mass message with its status, delivered of recipients, unlocks and revenue, and the totals', async () => {
    serveMass();
    renderAt(<MassMessagesPage />, '/dashboard/messages/mass');
    const table = await screen.findByRole('table', { name: 'Mass messages' }, LOADED);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Mass message 2');
    expect(rows[1]?.textContent).toContain('Sending');
    expect(rows[1]?.textContent).toContain('64 / 120');
    expect(rows[1]?.textContent).toContain('€29.97');
    expect(rows[2]?.textContent).toContain('Fans who favourited your store');
    expect(rows[2]?.textContent).toContain('Free');
    expect(screen.getByRole('region', { name: 'Message sales' }).textContent).toContain('€29.97');
    expect(screen.getByRole('region', { name: 'Unlocks' }).textContent).toContain('3');
  });

  it('says so when there are none yet, and tells a fan the page is for creators', async () => {
    serveMass({ 'GET /api/messages/mass-messages': () => json({ items: [], nextCursor: null }) });
    const { unmount } = renderAt(<MassMessagesPage />, '/dashboard/messages/mass');
    expect(await screen.findByText('No mass messages yet', {}, LOADED)).toBeTruthy();
    unmount();
    serveMass({
      'GET /api/messages/mass-messages': () => json({ code: 'not_a_creator', message: 'Open a store first' }, 403),
    });
    renderAt(<MassMessagesPage />, '/dashboard/messages/mass');
    expect(await screen.findByText(/Mass messages are for creators/, {}, LOADED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New mass message' })).toBeNull();
  });

  it('writes to the buyers of an item with a live audience count, a price and a confirmation naming how many fans', async () => {
    const fetchMock = serveMass({
      'POST /api/messages/mass-messages': ({ body }) =>
        json(massMessage(3, { status: 'queued', ...(body as object) }), 202),
    });
    renderAt(<MassMessagesPage />, '/dashboard/messages/mass');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New mass message' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'New mass message' });
    expect(await within(dialog).findByText('Reaches 40 fans')).toBeTruthy();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Send to' }), 'buyers');
    expect(within(dialog).getByText('Choose an item to see how many fans this reaches')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Review and send' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose the item whose buyers get this message.');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Item/ }), 'a2');
    expect(await within(dialog).findByText('Reaches 12 fans')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Thank you for buying Blue set');
    await user.click(within(dialog).getByRole('checkbox', { name: /Golden hour/ }));
    await user.click(within(dialog).getByRole('switch', { name: /Charge to unlock/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Price to unlock/ }), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Review and send' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send to 12 fans' }));

    expect(await screen.findByText('Your message is on its way to 12 fans')).toBeTruthy();
    const [sent] = requestsTo(fetchMock, 'POST /api/messages/mass-messages');
    expect(sent?.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      segment: 'buyers',
      contentId: 'a2',
      text: 'Thank you for buying Blue set',
      attachments: ['a1'],
      priceMinor: 600,
    });
    const counts = requestsTo(fetchMock, 'GET /api/messages/mass-messages/audience').map((call) =>
      Object.fromEntries(call.url.searchParams),
    );
    expect(counts).toContainEqual({ segment: 'buyers', contentId: 'a2' });
  });

  it('unsends a mass message from the list after a confirmation and shows the answer', async () => {
    const first = massMessage(2);
    const fetchMock = serveMass({
      'GET /api/messages/mass-messages': () => json({ items: [first], nextCursor: null }),
      [`POST /api/messages/mass-messages/${first.id}/unsend`]: () => json({ withdrawnFrom: 31, keptBy: 7 }),
    });
    renderAt(<MassMessagesPage />, '/dashboard/messages/mass');
    const table = await screen.findByRole('table', { name: 'Mass messages' }, LOADED);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Unsend/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsend this mass message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unsend' }));
    expect(await screen.findByText('Removed from 31 fans. 7 buyers keep it: they paid for it.')).toBeTruthy();
    await waitFor(() =>
      expect(requestsTo(fetchMock, `POST /api/messages/mass-messages/${first.id}/unsend`)).toHaveLength(1),
    );
  });
});
