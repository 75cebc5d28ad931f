import '../../test/jsdom-extras';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/mock-auth';
import type { ContentItem } from '../../services/content.service';
import { itemFixture, mediaFixture } from '../../test/fixtures';
import { APPEAL_SENT } from './AppealDecision';
import { ContentDrawer } from './ContentDrawer';

const { getSession } = vi.hoisted(() => ({ getSession: vi.fn() }));
vi.mock('tus-js-client', async () => ({ Upload: (await import('../../test/tus-mock')).FakeUpload }));
vi.mock('../../../../lib/auth-client', () => ({
  auth: { getSession, onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }) },
}));

const ID = '0b6c8a52-3333-4000-8000-000000000003';
const REASONS = 'The photos were taken at a public beach with everyone’s consent.';

function openDrawer(item: ContentItem) {
  const fetchMock = stubFetch({
    [`GET /api/content/${ID}`]: () => json(item),
    'POST /api/moderation/appeals': () => json({ id: 'case-9', dueAt: '2026-12-01T10:00:00.000Z' }, 201),
  });
  renderAt(<ContentDrawer id={ID} onClose={() => undefined} />);
  const appeals = () =>
    fetchMock.mock.calls
      .filter(([input, init]) => input === '/api/moderation/appeals' && init?.method === 'POST')
      .map(([, init]) => ({ body: JSON.parse(init?.body as string) as unknown, headers: new Headers(init?.headers) }));
  return { appeals };
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Appeal this decision', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'creator-token');
    getSession.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('appeals a rejection with the signed-in email prefilled; too short details are refused', async () => {
    getSession.mockResolvedValue({
      data: { session: { access_token: 'creator-token', user: { email: 'jane@example.com' } } },
      error: null,
    });
    const { appeals } = openDrawer(
      itemFixture({ id: ID, title: 'Night walk', status: 'rejected', rejectionReason: 'Blurry photos' }),
    );
    const user = userEvent.setup({ delay: null });
    const drawer = await screen.findByRole('dialog', { name: 'Night walk' });
    await user.click(await within(drawer).findByRole('button', { name: 'Appeal this decision' }));

    const modal = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    expect(within(modal).queryByRole('combobox', { name: /Reason/ })).toBeNull();
    expect((within(modal).getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe('jane@example.com');
    await fill(user, within(modal).getByRole('textbox', { name: /Details/ }), ' too short ');
    await user.click(within(modal).getByRole('button', { name: 'Send appeal' }));
    expect(await within(modal).findByText('Tell us what is wrong (at least 10 characters)')).toBeTruthy();
    expect(appeals()).toHaveLength(0);

    await user.clear(within(modal).getByRole('textbox', { name: /Details/ }));
    await fill(user, within(modal).getByRole('textbox', { name: /Details/ }), REASONS);
    await user.click(within(modal).getByRole('button', { name: 'Send appeal' }));

    expect(await screen.findByText(APPEAL_SENT)).toBeTruthy();
    expect(APPEAL_SENT).toBe('Appeal sent. We resolve appeals within 7 business days.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Appeal this decision' })).toBeNull());
    const [request] = appeals();
    expect(request.body).toEqual({
      subjectType: 'content',
      subjectId: ID,
      reason: 'creator_rejection',
      details: REASONS,
      email: 'jane@example.com',
    });
    expect(request.headers.get('Authorization')).toBe('Bearer creator-token');
  });

  it('appeals a removal and asks for an email when none is known', async () => {
    getSession.mockResolvedValue({ data: { session: null }, error: null });
    const { appeals } = openDrawer(
      itemFixture({ id: ID, title: 'Taken down', status: 'removed', media: [mediaFixture()] }),
    );
    const user = userEvent.setup({ delay: null });
    const drawer = await screen.findByRole('dialog', { name: 'Taken down' });
    await user.click(await within(drawer).findByRole('button', { name: 'Appeal this decision' }));

    const modal = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    await fill(user, within(modal).getByRole('textbox', { name: /Details/ }), REASONS);
    await user.click(within(modal).getByRole('button', { name: 'Send appeal' }));
    expect(await within(modal).findByText('Enter your email so we can tell you the outcome')).toBeTruthy();
    expect(appeals()).toHaveLength(0);

    await fill(user, within(modal).getByRole('textbox', { name: /Email/ }), 'jane@example.com');
    await user.click(within(modal).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(APPEAL_SENT)).toBeTruthy();
    expect(appeals()[0].body).toEqual({
      subjectType: 'content',
      subjectId: ID,
      reason: 'creator_removal',
      details: REASONS,
      email: 'jane@example.com',
    });
  });

  it('offers no appeal for items no moderator has decided against', async () => {
    getSession.mockResolvedValue({ data: { session: null }, error: null });
    openDrawer(itemFixture({ id: ID, title: 'Draft one', status: 'draft' }));
    const drawer = await screen.findByRole('dialog', { name: 'Draft one' });
    expect(await within(drawer).findByRole('button', { name: 'Submit for review' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Appeal this decision' })).toBeNull();
  });
});
