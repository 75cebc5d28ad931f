import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnreadBadge } from '@/features/messages';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import { LiveNotices } from './use-live-notices';

const { realtime, auth } = vi.hoisted(() => ({
  realtime: { leave: [] as ReturnType<typeof import('vitest').vi.fn>[] } as Record<string, unknown> & {
    leave: ReturnType<typeof import('vitest').vi.fn>[];
  },
  auth: {} as Record<string, unknown>,
}));
vi.mock('../../../lib/realtime', async () => {
  const stub = (await import('../../../test/realtime-stub')).createRealtimeStub();
  // Each join's leave is recorded: the channel must be left on sign-out.
  const joinPrivate = vi.fn((...args: Parameters<typeof stub.joinPrivate>) => {
    const leave = vi.fn(stub.joinPrivate(...args));
    realtime.leave.push(leave);
    return leave;
  });
  Object.assign(realtime, stub, { joinPrivate });
  return { joinPrivate };
});
vi.mock('../../../lib/auth-client', async () => {
  const { createAuthMock } = await import('../../../test/mock-auth');
  Object.assign(auth, createAuthMock());
  return { auth, PUBLIC_ANON_KEY: 'anon' };
});
await import('../../../lib/auth-client');
await import('../../../lib/realtime');

const ME = '00000000-0000-4000-8000-000000000001';
const TOPIC = `user:${ME}`;
type Stub = ReturnType<typeof import('../../../test/realtime-stub').createRealtimeStub>;
const emit = (event: string, payload: unknown) => act(() => (realtime as unknown as Stub).emit(TOPIC, event, payload));
const joins = () => (realtime as unknown as Stub).joinPrivate.mock.calls.map(([topic]) => topic);

beforeEach(() => {
  window.localStorage.setItem('token', 'a-token');
  (auth.getSession as ReturnType<typeof vi.fn>).mockResolvedValue({
    data: { session: { access_token: 'a-token', user: { id: ME } } },
    error: null,
  });
  (realtime as unknown as Stub).joinPrivate.mockClear();
  realtime.leave.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const mount = () =>
  renderAt(
    <>
      <LiveNotices />
      <UnreadBadge />
    </>,
    '/dashboard',
  );

describe('live notices on the user topic', () => {
  it('joins the user topic once for the notices and the unread badge, and leaves it on sign-out', async () => {
    serve({ 'GET /api/messages/unread': () => json({ total: 0, conversations: 0 }) });
    mount();
    await waitFor(() => expect(joins()).toEqual([TOPIC]));
    emit('unread', { total: 3 });
    expect(await screen.findByLabelText('3 unread messages')).toBeTruthy();

    const listeners = (auth.onAuthStateChange as ReturnType<typeof vi.fn>).mock.calls.map(
      ([listener]) => listener as (event: string, session: null) => void,
    );
    act(() => listeners.forEach((listener) => listener('SIGNED_OUT', null)));
    await waitFor(() => expect(realtime.leave[0]).toHaveBeenCalled());
    expect(joins()).toEqual([TOPIC]);
  });

  it("shows a fan's receipt and refreshes the thread when a message is unlocked", async () => {
    const fetchMock = serve({ 'GET /api/messages/unread': () => json({ total: 0, conversations: 0 }) });
    mount();
    await waitFor(() => expect(joins()).toEqual([TOPIC]));
    emit('purchase.paid', { purchaseId: 'p1', kind: 'message' });
    expect(await screen.findByText('Message unlocked')).toBeTruthy();
    expect(screen.getByText('Its media open in the conversation.')).toBeTruthy();
    // The unread count is refetched with the rest of the messages data.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/messages/unread').length).toBeGreaterThanOrEqual(2));
  });

  it('shows a notice delivered twice (the same event id) once', async () => {
    serve({ 'GET /api/messages/unread': () => json({ total: 0, conversations: 0 }) });
    mount();
    await waitFor(() => expect(joins()).toEqual([TOPIC]));
    emit('purchase.paid', { eventId: '41', purchaseId: 'p2', kind: 'message' });
    emit('purchase.paid', { eventId: '41', purchaseId: 'p2', kind: 'message' });
    expect(await screen.findByText('Message unlocked')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Message unlocked')).toHaveLength(1);
  });

  it("shows a creator's sale or tip with its amount, and a moderator's decision on their item", async () => {
    serve({ 'GET /api/messages/unread': () => json({ total: 0, conversations: 0 }) });
    mount();
    await waitFor(() => expect(joins()).toEqual([TOPIC]));
    emit('creator.activity', {
      kind: 'tip',
      purchaseId: 'p2',
      text: 'fan••0570 tipped you',
      amountMinor: 500,
      currency: 'EUR',
    });
    expect(await screen.findByText('New tip · €5.00')).toBeTruthy();
    expect(screen.getByText('fan••0570 tipped you')).toBeTruthy();

    emit('content.decided', { contentId: 'c1', kind: 'video', title: 'Golden hour', status: 'approved', reason: null });
    expect(await screen.findByText('Your video is approved')).toBeTruthy();
    expect(screen.getByText('“Golden hour” is live in your store.')).toBeTruthy();

    emit('content.decided', {
      contentId: 'c2',
      kind: 'album',
      title: 'Blue set',
      status: 'rejected',
      reason: 'Blurry photos',
    });
    expect(await screen.findByText('Your photo album was not approved')).toBeTruthy();
    expect(screen.getByText('“Blue set”: Blurry photos')).toBeTruthy();
  });
});
