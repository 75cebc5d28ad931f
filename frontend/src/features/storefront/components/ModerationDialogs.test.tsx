import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { StorePage } from '../pages/StorePage';
import { CATEGORIES, config, contentItem, json, publicStore, requestsTo, serve } from '../../../test/serve';
import { APPEAL_SUCCESS, REPORT_SUCCESS, TAKEDOWN_SUCCESS } from './ModerationDialogs';

const DETAILS = 'This store reposts my videos as its own.';

/** Pastes instead of typing key by key: the page re-renders on every key, which is slow in jsdom. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function openStore(extra: Parameters<typeof serve>[0] = {}) {
  const fetchMock = serve({
    'GET /api/config': config('live'),
    'GET /api/categories': () => json({ items: CATEGORIES }),
    'GET /api/stores/jane-fit': () => json(publicStore()),
    'GET /api/stores/jane-fit/content': () => json({ items: [contentItem()] }),
    'POST /api/moderation/reports': () => json({ id: 'case-1', dueAt: '2026-11-24T10:00:00.000Z' }, 201),
    'POST /api/moderation/takedown-requests': () => json({ id: 'case-2', dueAt: '2026-11-23T10:00:00.000Z' }, 201),
    'POST /api/moderation/appeals': () => json({ id: 'case-3', dueAt: '2026-12-02T10:00:00.000Z' }, 201),
    ...extra,
  });
  renderRoutes([{ path: '/stores/:slug', element: <StorePage /> }], '/stores/jane-fit');
  return fetchMock;
}

describe('Report and takedown forms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates a report and sends it about the store; anonymous reporters leave an email', async () => {
    const fetchMock = openStore();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Jane Fit' });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Jane Fit' });

    const reason = within(dialog).getByRole('combobox', { name: /Reason/ });
    const options = within(reason)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Select a reason',
      'Involves someone under 18',
      'Shared without consent (non-consensual)',
      'Violence or threats',
      'Hate speech or harassment',
      'Sexual content involving animals',
      'Extreme or illegal content',
      'Copyright infringement',
      'Impersonation or fake account',
      'Spam or scam',
      'Something else',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeTruthy();
    expect(within(dialog).getByText('Tell us what is wrong (at least 10 characters)')).toBeTruthy();
    expect(within(dialog).getByText('Enter your email so we can tell you the outcome')).toBeTruthy();

    await user.selectOptions(reason, 'copyright');
    await fill(user, within(dialog).getByRole('textbox', { name: /Details/ }), '  too short ');
    await fill(user, within(dialog).getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).queryByText('Choose a reason')).toBeNull();
    expect(requestsTo(fetchMock, 'POST /api/moderation/reports')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /Details/ }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Details/ }), `  ${DETAILS}  `);
    await user.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Email/ }), 'fan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(REPORT_SUCCESS)).toBeTruthy();
    expect(REPORT_SUCCESS).toBe('Thanks — our team reviews every report within 48 hours.');
    const [request] = requestsTo(fetchMock, 'POST /api/moderation/reports');
    expect(request.body).toEqual({
      subjectType: 'store',
      subjectId: 'jane-fit',
      reason: 'copyright',
      details: DETAILS,
      email: 'fan@example.com',
    });
    expect(request.headers.get('Authorization')).toBeNull();
  });

  it('reports a content item as a signed-in visitor without an email', async () => {
    localStorage.setItem('token', 'user-token');
    const fetchMock = openStore();
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    await user.click(within(card).getByRole('button', { name: 'More actions for Full body burn' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report “Full body burn”' });

    expect(within(dialog).getByRole('textbox', { name: 'Email (optional)' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'spam');
    await fill(user, within(dialog).getByRole('textbox', { name: /Details/ }), 'Links to a scam site in the title.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(REPORT_SUCCESS)).toBeTruthy();
    const [request] = requestsTo(fetchMock, 'POST /api/moderation/reports');
    expect(request.body).toEqual({
      subjectType: 'content',
      subjectId: contentItem().id,
      reason: 'spam',
      details: 'Links to a scam site in the title.',
    });
    expect(request.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it("shows the server's field errors under the fields", async () => {
    localStorage.setItem('token', 'user-token');
    openStore({
      'POST /api/moderation/reports': () =>
        json(
          {
            code: 'validation_failed',
            message: 'email must be an email address',
            details: [{ field: 'email', message: 'email must be an email address' }],
          },
          400,
        ),
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Jane Fit' });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Jane Fit' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'other');
    await fill(user, within(dialog).getByRole('textbox', { name: /Details/ }), DETAILS);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('email must be an email address')).toBeTruthy();
    expect(within(dialog).queryByText(REPORT_SUCCESS)).toBeNull();
  });

  it('sends a takedown request, which always needs an email', async () => {
    localStorage.setItem('token', 'user-token');
    const fetchMock = openStore();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Jane Fit' });
    await user.click(screen.getByRole('button', { name: 'Request a takedown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a takedown' });
    expect(within(dialog).getByText(/within 24 hours/)).toBeTruthy();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'depicted_without_consent');
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /Details/ }),
      'I am in the second video and never agreed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Enter your email so we can tell you the outcome')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/moderation/takedown-requests')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: /Email/ }), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(TAKEDOWN_SUCCESS)).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/moderation/takedown-requests')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST /api/moderation/takedown-requests')[0].body).toEqual({
      subjectType: 'store',
      subjectId: 'jane-fit',
      reason: 'depicted_without_consent',
      details: 'I am in the second video and never agreed.',
      email: 'me@example.com',
    });
  });

  it('sends an appeal as a person shown about the store: details of 10+ characters and an email', async () => {
    const fetchMock = openStore();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Jane Fit' });
    await user.click(screen.getByRole('button', { name: 'Appeal as a person shown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal as a person shown' });
    expect(within(dialog).getByText(/within 7 business days/)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: /Reason/ })).toBeNull();

    await fill(user, within(dialog).getByRole('textbox', { name: /Details/ }), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(dialog).findByText('Tell us what is wrong (at least 10 characters)')).toBeTruthy();
    expect(within(dialog).getByText('Enter your email so we can tell you the outcome')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/moderation/appeals')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /Details/ }));
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /Details/ }),
      'I asked for my video to be removed and it is still here.',
    );
    await fill(user, within(dialog).getByRole('textbox', { name: /Email/ }), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));

    expect(await within(dialog).findByText(APPEAL_SUCCESS)).toBeTruthy();
    expect(APPEAL_SUCCESS).toBe('Thanks — appeals are resolved within 7 business days.');
    const [request] = requestsTo(fetchMock, 'POST /api/moderation/appeals');
    expect(request.body).toEqual({
      subjectType: 'store',
      subjectId: 'jane-fit',
      reason: 'depicted_person',
      details: 'I asked for my video to be removed and it is still here.',
      email: 'me@example.com',
    });
    expect(request.headers.get('Authorization')).toBeNull();
  });

  it('appeals about a content item with the item id, sending the stored token', async () => {
    localStorage.setItem('token', 'user-token');
    const fetchMock = openStore();
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Full body burn' });
    await user.click(within(card).getByRole('button', { name: 'More actions for Full body burn' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Appeal as a person shown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal as a person shown' });
    expect(within(dialog).getByText(/shown in “Full body burn”/)).toBeTruthy();

    await fill(user, within(dialog).getByRole('textbox', { name: /Details/ }), 'I am the second person in this video.');
    await fill(user, within(dialog).getByRole('textbox', { name: /Email/ }), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));

    expect(await within(dialog).findByText(APPEAL_SUCCESS)).toBeTruthy();
    const [request] = requestsTo(fetchMock, 'POST /api/moderation/appeals');
    expect(request.body).toEqual({
      subjectType: 'content',
      subjectId: contentItem().id,
      reason: 'depicted_person',
      details: 'I am the second person in this video.',
      email: 'me@example.com',
    });
    expect(request.headers.get('Authorization')).toBe('Bearer user-token');
  });
});
