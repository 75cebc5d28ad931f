import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import '../test/jsdom-extras';
import { comment, post, POST_ID } from '../test/fixtures';
import { PostCard } from './PostCard';

const COMMENTS = `/api/posts/${POST_ID}/comments`;
type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;

function openComments(handlers: Handlers, overrides: Parameters<typeof post>[0] = {}) {
  const fetchMock = serve(handlers);
  renderAt(<PostCard post={post(overrides)} />);
  return fetchMock;
}

const toggle = () => screen.getByRole('button', { expanded: false, name: /comments?$/ });

beforeEach(() => window.localStorage.setItem('token', 'fan-token'));
afterEach(() => vi.unstubAllGlobals());

describe("a post's comments", () => {
  it('opens the comments oldest first and loads the next page with its cursor', async () => {
    const fetchMock = openComments(
      {
        [`GET ${COMMENTS}`]: ({ url }) =>
          url.searchParams.get('cursor') === 'c2'
            ? json({ comments: [comment(3)], nextCursor: null })
            : json({ comments: [comment(1), comment(2)], nextCursor: 'c2' }),
      },
      { comments: 3 },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '3 comments' }));
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Comment 1'), expect.stringContaining('Comment 2')]);
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    const pages = requestsTo(fetchMock, `GET ${COMMENTS}`).map((request) => request.url.searchParams.get('cursor'));
    expect(pages).toEqual([null, 'c2']);
  });

  it('posts a comment, shows it at the end and counts it', async () => {
    const fetchMock = openComments({
      [`GET ${COMMENTS}`]: () => json({ comments: [comment(1)], nextCursor: null }),
      [`POST ${COMMENTS}`]: ({ body }) =>
        json(comment(2, { text: (body as { text: string }).text, authorName: 'Sam', mine: true }), 201),
      [`DELETE ${COMMENTS}/comment-2`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(toggle());
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    expect(screen.getByRole('button', { name: 'Comment' }).hasAttribute('disabled')).toBe(true);
    await user.type(box, '  Love this set  ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Love this set')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST ${COMMENTS}`)[0]?.body).toEqual({ text: 'Love this set' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: '2 comments' })).toBeTruthy();
    // The author deletes their own comment, after confirming.
    await user.click(screen.getByRole('button', { name: 'Delete your comment' }));
    expect(requestsTo(fetchMock, `DELETE ${COMMENTS}/comment-2`)).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Delete comment',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Love this set')).toBeNull());
    expect(requestsTo(fetchMock, `DELETE ${COMMENTS}/comment-2`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '1 comment' })).toBeTruthy();
  });

  it("lets the creator hide, unhide and delete a fan's comment", async () => {
    const fetchMock = openComments({
      [`GET ${COMMENTS}`]: () => json({ comments: [comment(1, { canModerate: true })], nextCursor: null }),
      [`PUT ${COMMENTS}/comment-1/hidden`]: () => json(comment(1, { canModerate: true, hidden: true })),
      [`DELETE ${COMMENTS}/comment-1/hidden`]: () => json(comment(1, { canModerate: true, hidden: false })),
      [`DELETE ${COMMENTS}/comment-1`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: 'Hide the comment by Fan 1' }));
    expect(await screen.findByText('Hidden from fans')).toBeTruthy();
    expect(requestsTo(fetchMock, `PUT ${COMMENTS}/comment-1/hidden`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unhide the comment by Fan 1' }));
    await waitFor(() => expect(screen.queryByText('Hidden from fans')).toBeNull());
    expect(requestsTo(fetchMock, `DELETE ${COMMENTS}/comment-1/hidden`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete the comment by Fan 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('Comment 1')).toBeNull());
    expect(requestsTo(fetchMock, `DELETE ${COMMENTS}/comment-1`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '0 comments' })).toBeTruthy();
  });

  it('says when comments are turned off, and offers no comment box', async () => {
    openComments(
      { [`GET ${COMMENTS}`]: () => json({ comments: [comment(1)], nextCursor: null }) },
      { commentsEnabled: false },
    );
    await userEvent.setup().click(toggle());
    expect(await screen.findByText('Comments are turned off')).toBeTruthy();
    expect(screen.getByText('Comment 1')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  });

  it("shows the API's message when a comment is refused", async () => {
    openComments({
      [`GET ${COMMENTS}`]: () => json({ comments: [], nextCursor: null }),
      [`POST ${COMMENTS}`]: () =>
        json({ statusCode: 403, code: 'blocked', message: 'You cannot comment on this creator’s posts' }, 403),
    });
    const user = userEvent.setup();
    await user.click(toggle());
    await user.type(await screen.findByRole('textbox', { name: 'Your comment' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('You cannot comment on this creator’s posts')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement).value).toBe('Hello');
  });
});
