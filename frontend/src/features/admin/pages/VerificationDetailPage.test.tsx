import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  json,
  listItem,
  minutesAgo,
  MODERATOR,
  renderAdmin,
  resetAdminAuthMock,
  stubFetch,
  verification,
  type AdminAuthMock,
} from '../test/admin-test-utils';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

const DETAIL = 'GET /api/admin/verifications/v-1';
const mine = {
  claimedBy: { id: MODERATOR.id, email: MODERATOR.email },
  claimedAt: minutesAgo(2),
  claim: { state: 'mine' as const, expiresAt: minutesAgo(-28) },
};
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('VerificationDetailPage', () => {
  beforeEach(() => {
    resetAdminAuthMock(auth);
    window.localStorage.setItem('adminToken', 'mod-token');
    // jsdom has no object URLs: one named by the image's size stands in.
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:size-${blob.size}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the applicant with their age and both images; Accept and Reject wait for a claim', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-06-01T12:00:00Z') });
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () =>
        json(
          verification({
            images: {
              userPhotoWithId: '/api/admin/verification-images?token=s',
              idPhoto: '/api/admin/verification-images?token=i',
            },
          }),
        ),
      'GET /api/admin/verification-images?token=s': () => new Response('selfie'),
      'GET /api/admin/verification-images?token=i': () => new Response('id'),
    });
    renderAdmin('/admin/verifications/v-1');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    vi.useRealTimers();
    expect(screen.getByText('Age 34')).toBeTruthy();
    // The bytes are fetched with the console's own session beside the signed link, then shown from memory.
    expect((await screen.findByRole('img', { name: 'Photo with ID' })).getAttribute('src')).toBe('blob:size-6');
    expect((await screen.findByRole('img', { name: 'ID document' })).getAttribute('src')).toBe('blob:size-2');
    const imageCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/verification-images?token=s');
    expect(new Headers(imageCall?.[1]?.headers).get('Authorization')).toBe('Bearer mod-token');
    expect(button('Accept').disabled).toBe(true);
    expect(button('Reject').disabled).toBe(true);
    expect(button('Claim').disabled).toBe(false);
  });

  it('keeps Accept disabled while another moderator holds the claim', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () =>
        json(
          verification({
            claimedBy: { id: 'mod-2', email: 'other@fanmint.test' },
            claimedAt: minutesAgo(5),
            claim: { state: 'taken' as const, expiresAt: minutesAgo(-25) },
          }),
        ),
    });
    renderAdmin('/admin/verifications/v-1');
    expect(await screen.findByText('other@fanmint.test is reviewing this submission.')).toBeTruthy();
    expect(button('Accept').disabled).toBe(true);
    expect(button('Claim').disabled).toBe(true);
  });

  it('offers no Claim, Accept or Reject on your own submission (the server says own_work)', async () => {
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(verification({ userId: MODERATOR.id, claim: { state: 'own_work', expiresAt: null } })),
    });
    renderAdmin('/admin/verifications/v-1');
    expect(await screen.findByText('This is your own submission: another moderator reviews it.')).toBeTruthy();
    for (const name of ['Claim', 'Accept', 'Reject']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('claims, then accepts after confirmation', async () => {
    let claimed = false;
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(verification(claimed ? mine : {})),
      'POST /api/admin/verifications/v-1/claim': () => {
        claimed = true;
        return json(listItem(mine));
      },
      'POST /api/admin/verifications/v-1/accept': () => json({ ...verification(), status: 'accepted' }),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/verifications/v-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(button('Accept').disabled).toBe(false));
    expect(screen.getByText(/^You hold the claim/)).toBeTruthy();

    await user.click(button('Accept'));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept verification' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/verifications'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/admin/verifications/v-1/accept' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('shows a 409 from the server and reloads the submission', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(verification()),
      'POST /api/admin/verifications/v-1/claim': () =>
        json({ code: 'claimed_by_other', message: 'Another moderator is reviewing this submission' }, 409),
    });
    renderAdmin('/admin/verifications/v-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Another moderator is reviewing this submission')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/verifications/v-1')).toHaveLength(2),
    );
  });

  it('rejects only with a reason of at least 5 characters and sends it', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () => json(verification(mine)),
      'POST /api/admin/verifications/v-1/reject': () => json({ ...verification(), status: 'rejected' }),
      'GET /api/admin/verifications?status=processing': () => json({ items: [] }),
    });
    const { router } = renderAdmin('/admin/verifications/v-1');
    const user = userEvent.setup();
    await waitFor(() => expect(button('Reject').disabled).toBe(false));
    await user.click(button('Reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this verification' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject verification' }) as HTMLButtonElement;
    const reason = within(dialog).getByLabelText(/Reason for rejection/);

    await user.type(reason, 'blur');
    expect(confirm.disabled).toBe(true);
    await user.type(reason, 'ry ID photo');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/verifications'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/verifications/v-1/reject');
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call?.[1])).toEqual({ reason: 'blurry ID photo' });
  });

  it('fetches fresh image links when an image fails after its link may have expired', async () => {
    let version = 1;
    stubFetch({
      'GET /api/admin/me': () => json(MODERATOR),
      [DETAIL]: () =>
        json(verification({ images: { userPhotoWithId: `/selfie?v=${version}`, idPhoto: `/id?v=${version}` } })),
      'GET /selfie?v=1': () => new Response('old'),
      'GET /id?v=1': () => new Response('id'),
      'GET /selfie?v=2': () => new Response('renewed'),
      'GET /id?v=2': () => new Response('id'),
    });
    renderAdmin('/admin/verifications/v-1');
    const img = await screen.findByRole('img', { name: 'Photo with ID' });
    expect(img.getAttribute('src')).toBe('blob:size-3');
    version = 2;
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + 110_000);
    fireEvent.error(img);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo with ID' }).getAttribute('src')).toBe('blob:size-7'),
    );
  });
});
