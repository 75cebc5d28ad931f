import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, LAZY_PAGE, requestsTo, serve, type Request } from '../../../test/serve';
import '../test/jsdom-extras';
import { myStore, post } from '../test/fixtures';
import { PostsPage } from './PostsPage';

type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;

const first = post({ id: 'p1', text: 'Pinned hello', pinned: true });
const second = post({ id: 'p2', text: 'Beach set soon', status: 'in_review', audience: 'subscribers' });
const third = post({ id: 'p3', text: 'An older post' });

function servePosts(extra: Handlers = {}) {
  return serve({
    'GET /api/stores/mine': () => json(myStore()),
    'GET /api/posts/mine': ({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? json({ posts: [third], nextCursor: null })
        : json({ posts: [first, second], nextCursor: 'page-2' }),
    ...extra,
  });
}

beforeEach(() => {
  window.localStorage.setItem('token', 'creator-token');
  vi.stubGlobal('navigator', { ...navigator, language: 'en-US', languages: ['en-US'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Posts dashboard page', () => {
  it("shows the composer and the creator's posts in every status, with Load more", async () => {
    const fetchMock = servePosts();
    renderAt(<PostsPage />, '/dashboard/posts');
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'New post' }, LAZY_PAGE)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your posts' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Pinned')).toBeTruthy();
    expect(within(cards[0]).getByText('Free')).toBeTruthy();
    expect(within(cards[1]).getByText('In review')).toBeTruthy();
    expect(within(cards[1]).getByText('Subscribers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my store' }).getAttribute('href')).toBe('/stores/ava');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const cursors = requestsTo(fetchMock, 'GET /api/posts/mine').map(({ url }) => url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('pins, unpins and deletes a post after confirming', async () => {
    const fetchMock = servePosts({
      'PUT /api/posts/p2/pin': () => json({ ...second, pinned: true }),
      'DELETE /api/posts/p1/pin': () => json({ ...first, pinned: false }),
      'DELETE /api/posts/p1': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderAt(<PostsPage />, '/dashboard/posts');
    await user.click(await screen.findByRole('button', { name: 'Pin “Beach set soon”' }, LAZY_PAGE));
    expect(await screen.findByText('Pinned to the top of your store.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpin “Beach set soon”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unpin “Pinned hello”' }));
    expect(await screen.findByText('Unpinned.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete “Pinned hello”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(requestsTo(fetchMock, 'DELETE /api/posts/p1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByText('Pinned hello')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/posts/p1')).toHaveLength(1);
  });

  it('edits a post in a dialog and shows the saved text', async () => {
    const fetchMock = servePosts({
      'PATCH /api/posts/p1': ({ body }) => json({ ...first, ...(body as object), editedAt: new Date().toISOString() }),
    });
    const user = userEvent.setup();
    renderAt(<PostsPage />, '/dashboard/posts');
    await user.click(await screen.findByRole('button', { name: 'Edit “Pinned hello”' }, LAZY_PAGE));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const box = within(dialog).getByRole('textbox', { name: 'Text' });
    await user.clear(box);
    await user.type(box, 'Pinned hello, again');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Pinned hello, again')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PATCH /api/posts/p1')[0]?.body).toMatchObject({ text: 'Pinned hello, again' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).toBeNull());
  });

  it('greets a creator with no posts yet, and asks one without a store to open it first', async () => {
    servePosts({ 'GET /api/posts/mine': () => json({ posts: [], nextCursor: null }) });
    const { unmount } = renderAt(<PostsPage />, '/dashboard/posts');
    expect(await screen.findByText('Your first post is one step away', {}, LAZY_PAGE)).toBeTruthy();
    unmount();

    const fetchMock = serve({
      'GET /api/stores/mine': () => json({ statusCode: 404, code: 'no_store', message: 'Open a store first' }, 404),
    });
    renderAt(<PostsPage />, '/dashboard/posts');
    expect(await screen.findByRole('heading', { name: 'Open your store to post' }, LAZY_PAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my store' }).getAttribute('href')).toBe('/dashboard/mystoresettings');
    expect(screen.queryByRole('textbox', { name: 'Write a post' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/posts/mine')).toHaveLength(0);
  });
});
