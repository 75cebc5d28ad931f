import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  bodyOf,
  json,
  minutesAgo,
  MODERATOR,
  renderAdmin,
  resetAdminAuthMock,
  stubFetch,
  type AdminAuthMock,
} from '../test/admin-test-utils';
import { contentItem, photo, video } from '../test/moderation-fixtures';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

const DETAIL = 'GET /api/admin/content/c-1';
const mine = {
  claimedBy: MODERATOR.id,
  claimedAt: minutesAgo(2),
  claim: { state: 'mine' as const, expiresAt: minutesAgo(-28) },
};
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const signIn = (token: string) => window.localStorage.setItem('adminToken', token);

describe('ContentDetailPage', () => {
  beforeEach(() => resetAdminAuthMock(auth));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the item, its creator and every photo; a thumbnail opens the full file', async () => {
    signIn('mod-token');
    stubFetch({ 'GET /api/admin/me': () => json(MODERATOR), [DETAIL]: () => json(contentItem()) });
    renderAdmin('/admin/content/c-1');
    expect(await screen.findByRole('heading', { name: 'Beach day' })).toBeTruthy();
    expect(screen.getByText('Pending Review')).toBeTruthy();
    expect(screen.getByText('7d3f0c1e-5b7a-4c43-9a51-2f0a6b1c9e11')).toBeTruthy();
    expect(screen.getByText('$14.99')).toBeTruthy();
    expect(screen.getByText('Twelve photos from the shoot.')).toBeTruthy();
    expect(screen.getByText('3 photos')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 3: beach-2.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 of 3' });
    expect(within(dialog).getByRole('img', { name: 'Photo 2: beach-2.jpg' }).getAttribute('src')).toBe(
      '/api/media?token=file-2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('img', { name: 'Photo 3: beach-3.jpg' }).getAttribute('src')).toBe(
      '/api/media?token=file-3',
    );
  });

  it('plays a video with the browser controls from its file link', async () => {
    signIn('mod-token');
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem({ kind: 'video', media: [video()] })),
    });
    renderAdmin('/admin/content/c-1');
    const player = (await screen.findByLabelText('Video: workout.mp4')) as HTMLVideoElement;
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('/api/media?token=video-1');
    expect(player.controls).toBe(true);
    expect(screen.getByText('1920×1080 · 2:31 · 80.1 MB · mp4')).toBeTruthy();
  });

  it('keeps Approve and Reject disabled until the moderator holds the claim', async () => {
    signIn('mod-token');
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () =>
        json(
          contentItem({
            claimedBy: 'mod-2',
            claimedAt: minutesAgo(5),
            claim: { state: 'taken' as const, expiresAt: minutesAgo(-25) },
          }),
        ),
    });
    renderAdmin('/admin/content/c-1');
    expect(await screen.findByText('Someone else is reviewing this item.')).toBeTruthy();
    expect(button('Approve').disabled).toBe(true);
    expect(button('Reject').disabled).toBe(true);
    // The server says another reviewer holds it: claiming would be refused, so the button is off.
    expect(button('Claim').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('offers no Claim, Approve or Reject on your own work (the server says own_work)', async () => {
    signIn('mod-token');
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem({ creatorId: MODERATOR.id, claim: { state: 'own_work', expiresAt: null } })),
    });
    renderAdmin('/admin/content/c-1');
    expect(
      await screen.findByText('This is your own work (or it features you): another moderator reviews it.'),
    ).toBeTruthy();
    for (const name of ['Claim', 'Approve', 'Reject']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('claims, then approves after confirmation and returns to the queue', async () => {
    let claimed = false;
    signIn('mod-token');
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem(claimed ? mine : {})),
      'POST /api/admin/content/c-1/claim': () => {
        claimed = true;
        return json(contentItem(mine));
      },
      'POST /api/admin/content/c-1/approve': () => json(contentItem({ status: 'approved' })),
      'GET /api/admin/content?status=pending_review': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/content/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(button('Approve').disabled).toBe(false));
    expect(screen.getByText(/^You hold the claim/)).toBeTruthy();

    await user.click(button('Approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this content?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve content' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content'));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/content/c-1/approve' && init?.method === 'POST'),
    ).toBe(true);
  });

  it('stays on the item when approving rejects it automatically over a featured collaborator', async () => {
    signIn('mod-token');
    const reason = 'Featured collaborator sam@example.com has not verified their identity.';
    let status: 'pending_review' | 'rejected' = 'pending_review';
    const collaboratorIds = ['0c9a4a52-3f0e-4d7e-8a55-1b2c3d4e5f60'];
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () =>
        json(contentItem({ ...mine, status, collaboratorIds, rejectionReason: status === 'rejected' ? reason : null })),
      'POST /api/admin/content/c-1/approve': () => {
        status = 'rejected';
        return json(contentItem({ status, collaboratorIds, rejectionReason: reason }));
      },
    });
    const { router } = renderAdmin('/admin/content/c-1');
    const user = userEvent.setup();
    expect(await screen.findByText('0c9a4a52-3f0e-4d7e-8a55-1b2c3d4e5f60')).toBeTruthy();
    await waitFor(() => expect(button('Approve').disabled).toBe(false));
    await user.click(button('Approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this content?' });
    expect(within(dialog).getByText(/featured collaborators are checked first/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve content' }));
    expect(await screen.findByText('Rejected automatically')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(reason).length).toBeGreaterThan(1));
    expect(router.state.location.pathname).toBe('/admin/content/c-1');
  });

  it('rejects only with a reason of at least 5 characters and sends it', async () => {
    signIn('mod-token');
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem(mine)),
      'POST /api/admin/content/c-1/reject': () => json(contentItem({ status: 'rejected' })),
      'GET /api/admin/content?status=pending_review': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/content/c-1');
    const user = userEvent.setup();
    await waitFor(() => expect(button('Reject').disabled).toBe(false));
    await user.click(button('Reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this content' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject content' }) as HTMLButtonElement;
    const reason = within(dialog).getByLabelText(/Reason for rejection/);

    expect(confirm.disabled).toBe(true);
    await user.type(reason, 'nope');
    expect(confirm.disabled).toBe(true);
    await user.type(reason, ': a person shown is not on the collaborator list');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/content/c-1/reject');
    expect(bodyOf(call?.[1])).toEqual({ reason: 'nope: a person shown is not on the collaborator list' });
  });

  it('shows a 409 as a toast and reloads the item', async () => {
    signIn('mod-token');
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem()),
      'POST /api/admin/content/c-1/claim': () =>
        json({ code: 'claimed_by_other', message: 'Another moderator is reviewing this content' }, 409),
    });
    renderAdmin('/admin/content/c-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Another moderator is reviewing this content')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/content/c-1')).toHaveLength(2),
    );
  });

  it('lets an admin remove content with a reason, and restore removed content', async () => {
    signIn('admin-token');
    let status: 'approved' | 'removed' = 'approved';
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      [DETAIL]: () => json(contentItem({ status, decidedBy: ADMIN.id, decidedAt: minutesAgo(1) })),
      'POST /api/admin/content/c-1/remove': () => {
        status = 'removed';
        return json(contentItem({ status }));
      },
      'POST /api/admin/content/c-1/restore': () => {
        status = 'approved';
        return json(contentItem({ status }));
      },
    });
    renderAdmin('/admin/content/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this content' });
    await user.type(within(dialog).getByLabelText(/Reason for removal/), 'Upheld takedown request');
    await user.click(within(dialog).getByRole('button', { name: 'Remove content' }));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
    const remove = fetchMock.mock.calls.find(([url]) => url === '/api/admin/content/c-1/remove');
    expect(bodyOf(remove?.[1])).toEqual({ reason: 'Upheld takedown request' });

    await user.click(button('Restore'));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this content?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore content' }));
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/content/c-1/restore' && init?.method === 'POST'),
    ).toBe(true);
  });

  it('shows a moderator neither Remove nor Restore', async () => {
    signIn('mod-token');
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem({ status: 'removed', decidedAt: minutesAgo(1) })),
    });
    renderAdmin('/admin/content/c-1');
    expect(await screen.findByRole('heading', { name: 'Beach day' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('fetches fresh media links when a thumbnail fails after its link may have expired', async () => {
    let version = 1;
    signIn('mod-token');
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(contentItem({ media: [photo(1, { thumbnailUrl: `/thumb?v=${version}` })] })),
    });
    renderAdmin('/admin/content/c-1');
    const tile = await screen.findByRole('button', { name: /Open photo 1 of 1/ });
    version = 2;
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    fireEvent.error(tile.querySelector('img')!);
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: /Open photo 1 of 1/ })
          .querySelector('img')
          ?.getAttribute('src'),
      ).toBe('/thumb?v=2'),
    );
  });
});
