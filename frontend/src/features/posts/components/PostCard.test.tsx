import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import '../test/jsdom-extras';
import { lockedMedia, post, POST_ID, video } from '../test/fixtures';
import { PostCard } from './PostCard';

const LIKE = `/api/posts/${POST_ID}/like`;

beforeEach(() => {
  window.localStorage.setItem('token', 'fan-token');
  vi.stubGlobal('navigator', { ...navigator, language: 'en-US', languages: ['en-US'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('a post', () => {
  it('shows an open post: the store, when, the text with its line breaks, its photos and video', () => {
    serve({});
    renderAt(
      <PostCard post={post({ text: 'New set is up\nTwo more on Friday', media: [video(), post().media[0]] })} />,
    );
    const card = screen.getByRole('article', { name: 'Ava 5 min ago' });
    expect(within(card).getByRole('link', { name: 'Ava' }).getAttribute('href')).toBe('/stores/ava');
    expect(within(card).getByText(/New set is up/).textContent).toBe('New set is up\nTwo more on Friday');
    const photos = within(card).getAllByRole('img', { name: /^Photo \d of 2$/ });
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/media/photo-1.jpg', '/media/photo-2.jpg']);
    const clip = card.querySelector('video');
    expect(clip?.getAttribute('src')).toBe('/media/clip-1.mp4');
    expect(clip?.getAttribute('poster')).toBe('/media/clip-1-thumb.jpg');
    expect(clip?.hasAttribute('controls')).toBe(true);
    expect(within(card).queryByText('Subscribers only')).toBeNull();
    // A fan sees no audience badge.
    expect(within(card).queryByText('Free')).toBeNull();
  });

  it("shows a subscribers-only post locked: the blurred teaser, what it holds and a link to the store's Subscribe", () => {
    serve({});
    renderAt(<PostCard post={post({ audience: 'subscribers', access: 'subscribe', media: lockedMedia() })} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('New set is up')).toBeTruthy();
    expect(within(card).getByText('Subscribers only')).toBeTruthy();
    expect(within(card).getByText('2 photos and 1 video')).toBeTruthy();
    const teaser = card.querySelector('[data-locked] img');
    expect(teaser?.getAttribute('src')).toBe('/media/photo-1-blurred.jpg');
    expect(card.querySelector('video')).toBeNull();
    expect(within(card).queryAllByRole('img', { name: /Photo/ })).toHaveLength(0);
    const subscribe = within(card).getByRole('link', { name: 'Subscribe to see this post' });
    expect(subscribe.getAttribute('href')).toBe('/stores/ava');
  });

  it('on the store page, subscribes right there instead of linking to it', async () => {
    serve({});
    const onSubscribe = vi.fn();
    renderAt(
      <PostCard
        post={post({ audience: 'subscribers', access: 'subscribe', media: lockedMedia() })}
        inStore
        onSubscribe={onSubscribe}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subscribe to see this post' }));
    expect(onSubscribe).toHaveBeenCalledOnce();
    expect(screen.queryByRole('link', { name: 'Ava' })).toBeNull();
  });

  it('shows a pay-to-unlock post locked with its price, and its unlock button opens the checkout for it', async () => {
    serve({});
    renderAt(<PostCard post={post({ audience: 'paid', priceMinor: 500, access: 'unlock', media: lockedMedia() })} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Pay $5.00 to unlock')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /subscribe/i })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Unlock for $5.00' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock post' })).toBeTruthy();
  });

  it('shows its creator the audience, review and pinned badges', () => {
    serve({});
    const { unmount } = renderAt(
      <PostCard post={post({ audience: 'paid', priceMinor: 500, status: 'in_review', pinned: true })} owner />,
    );
    expect(screen.getByText('$5.00 to unlock')).toBeTruthy();
    expect(screen.getByText('In review')).toBeTruthy();
    expect(screen.getByText('Pinned')).toBeTruthy();
    unmount();
    renderAt(
      <PostCard
        post={post({
          audience: 'subscribers',
          status: 'rejected',
          media: [{ ...post().media[0], status: 'rejected' }],
        })}
        owner
      />,
    );
    expect(screen.getByText('Subscribers')).toBeTruthy();
    expect(screen.getByText('Rejected: edit to remove the media')).toBeTruthy();
    expect(screen.getAllByText('Rejected')).toHaveLength(2);
  });

  it('likes at once (aria-pressed), keeps the count the server answers, and unlikes with DELETE', async () => {
    let release: () => void = () => {};
    const fetchMock = serve({
      [`PUT ${LIKE}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(json({ likes: 10, likedByMe: true }));
        }),
      [`DELETE ${LIKE}`]: () => json({ likes: 9, likedByMe: false }),
    });
    const user = userEvent.setup();
    renderAt(<PostCard post={post()} />);
    const like = screen.getByRole('button', { name: 'Like (3 likes)' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    // Optimistic: pressed and counted before the server answers.
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(like.textContent).toBe('4');
    release();
    await waitFor(() => expect(like.textContent).toBe('10'));
    expect(requestsTo(fetchMock, `PUT ${LIKE}`)).toHaveLength(1);
    expect(requestsTo(fetchMock, `PUT ${LIKE}`)[0]?.headers.get('Authorization')).toBe('Bearer fan-token');

    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(like.textContent).toBe('9');
    expect(requestsTo(fetchMock, `DELETE ${LIKE}`)).toHaveLength(1);
  });

  it("takes the like back and shows the server's message when it is refused", async () => {
    serve({
      [`PUT ${LIKE}`]: () => json({ statusCode: 403, code: 'blocked', message: 'The creator blocked you' }, 403),
    });
    renderAt(<PostCard post={post()} />);
    const like = screen.getByRole('button', { name: /^Like/ });
    await userEvent.setup().click(like);
    expect(await screen.findByText('The creator blocked you')).toBeTruthy();
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.textContent).toBe('3');
  });

  it('sends a signed-out visitor to sign in and back instead of liking', async () => {
    window.localStorage.removeItem('token');
    const fetchMock = serve({});
    const { router } = renderRoutes(
      [
        { path: '/stores/ava', element: <PostCard post={post()} signedIn={false} inStore /> },
        { path: '/sign-in', element: <p>Sign-in page</p> },
      ],
      '/stores/ava',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /^Like/ }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/stores/ava')}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
