import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  json,
  minutesAgo,
  MODERATOR,
  renderAdmin,
  resetAdminAuthMock,
  stubFetch,
  type AdminAuthMock,
} from '../test/admin-test-utils';
import { moderationCase } from '../test/moderation-fixtures';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

const DETAIL = 'GET /api/admin/moderation/cases/case-1';
const mine = {
  claimedBy: MODERATOR.id,
  claimedAt: minutesAgo(1),
  claim: { state: 'mine' as const, expiresAt: minutesAgo(-28) },
};
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('CaseDetailPage', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'mod-token');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the subject, reason, details, reporter and deadline; Resolve waits for a claim', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
    stubFetch({ 'GET /api/admin/me': () => json(MODERATOR), [DETAIL]: () => json(moderationCase({}, 2, 48)) });
    renderAdmin('/admin/moderation/case-1');
    expect(await screen.findByRole('heading', { name: 'Report: Spam' })).toBeTruthy();
    const facts = screen.getByRole('table', { name: 'Case details' });
    expect(within(facts).getByText('Content')).toBeTruthy();
    expect(within(facts).getByText('2b1e4c8a-1f3d-4e5a-9b7c-6d8e9f0a1b2c')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Open in Content review' }).getAttribute('href')).toBe(
      '/admin/content/2b1e4c8a-1f3d-4e5a-9b7c-6d8e9f0a1b2c',
    );
    expect(within(facts).getByText('The album repeats the same photo twelve times.')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'fan@example.com' })).toBeTruthy();
    expect(within(facts).getByText('1 d 22 h left')).toBeTruthy();
    expect(button('Resolve').disabled).toBe(true);
    expect(button('Claim').disabled).toBe(false);
  });

  it('offers no Claim or Resolve on a case about your own work (the server says own_work)', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(moderationCase({ claim: { state: 'own_work', expiresAt: null } })),
    });
    renderAdmin('/admin/moderation/case-1');
    expect(
      await screen.findByText(
        'You filed this case, or it is about you, your content, your store or your conversation: another moderator works on it.',
      ),
    ).toBeTruthy();
    for (const name of ['Claim', 'Resolve']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('claims and resolves with an outcome and a note', async () => {
    let state = {};
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(moderationCase(state)),
      'POST /api/admin/moderation/cases/case-1/claim': () => {
        state = mine;
        return json(moderationCase(state));
      },
      'POST /api/admin/moderation/cases/case-1/resolve': () => {
        state = {
          status: 'resolved',
          outcome: 'no_action',
          resolutionNote: 'Checked: not spam',
          resolvedAt: new Date().toISOString(),
          resolvedBy: MODERATOR.id,
        };
        return json(moderationCase(state));
      },
    });
    renderAdmin('/admin/moderation/case-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(button('Resolve').disabled).toBe(false));

    await user.click(button('Resolve'));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this case' });
    const confirm = within(dialog).getByRole('button', { name: 'Resolve case' }) as HTMLButtonElement;
    const outcome = within(dialog).getByLabelText(/Outcome/) as HTMLSelectElement;
    expect(Array.from(outcome.options).map((option) => option.textContent)).toEqual([
      'Choose an outcome',
      'No action needed',
      'Content removed',
      'Content restored',
      'Account actioned',
    ]);
    await user.type(within(dialog).getByLabelText(/Note/), 'Checked: not spam');
    expect(confirm.disabled).toBe(true);
    await user.selectOptions(outcome, 'no_action');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    expect(await screen.findByText('Checked: not spam')).toBeTruthy();
    expect(screen.getByText('No action needed')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/moderation/cases/case-1/resolve');
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call?.[1])).toEqual({ outcome: 'no_action', note: 'Checked: not spam' });
  });

  it('shows a 409 as a toast and reloads the case', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(moderationCase()),
      'POST /api/admin/moderation/cases/case-1/claim': () =>
        json({ code: 'claimed_by_other', message: 'Another moderator is working on this case' }, 409),
    });
    renderAdmin('/admin/moderation/case-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Another moderator is working on this case')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/moderation/cases/case-1')).toHaveLength(2),
    );
  });

  it("says nothing is there for an address that names no case, instead of the id check's message", async () => {
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      'GET /api/admin/moderation/cases/not-a-case': () =>
        json({ statusCode: 400, message: 'Validation failed (uuid is expected)', error: 'Bad Request' }, 400),
    });
    renderAdmin('/admin/moderation/not-a-case');
    expect(await screen.findByText('Nothing here')).toBeTruthy();
    expect(screen.queryByText(/uuid/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
