import '../../test/jsdom-extras';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/mock-auth';
import type { ContentItem } from '../../services/content.service';
import { itemFixture, mediaFixture } from '../../test/fixtures';
import { ContentDrawer } from './ContentDrawer';
import { moved } from './AlbumArranger';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../../test/tus-mock')).FakeUpload }));
vi.mock('../../../../lib/auth-client', () => ({
  auth: {
    getSession: vi.fn(),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
  },
}));

const ID = '0b6c8a52-4444-4000-8000-000000000004';
const photo = (n: number) =>
  mediaFixture({ id: `m-${n}`, originalName: `shot-${n}.jpg`, number: n, thumbnailUrl: `/api/media?token=t${n}` });
const album = (overrides: Partial<ContentItem> = {}) =>
  itemFixture({ id: ID, media: [photo(1), photo(2), photo(3)], coverMediaId: 'm-1', ...overrides });

/** The server: answers the item, and applies order, cover and teaser as the API does. */
function serveAlbum(start: ContentItem) {
  let item = start;
  const renumber = (media: ContentItem['media']) => media.map((file, index) => ({ ...file, number: index + 1 }));
  const fetchMock = stubFetch({
    [`GET /api/content/${ID}`]: () => json(item),
    [`PUT /api/content/${ID}/media-order`]: (init) => {
      const { mediaIds } = JSON.parse(init?.body as string) as { mediaIds: string[] };
      item = { ...item, media: renumber(mediaIds.map((id) => item.media.find((file) => file.id === id)!)) };
      return json(item);
    },
    [`PUT /api/content/${ID}/cover`]: (init) => {
      item = { ...item, coverMediaId: (JSON.parse(init?.body as string) as { mediaId: string }).mediaId };
      return json(item);
    },
    [`PUT /api/content/${ID}/teaser`]: (init) => {
      item = { ...item, teaser: (JSON.parse(init?.body as string) as { teaser: 'blurred' | 'preview' }).teaser };
      return json(item);
    },
  });
  renderAt(<ContentDrawer id={ID} onClose={() => undefined} />);
  const sent = (path: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => input === `/api/content/${ID}/${path}` && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(init?.body as string) as unknown);
  return { sent };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Photos in this album, in order' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('moved', () => {
  it('puts one id at a new index', () => {
    expect(moved(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 'b', 9)).toEqual(['a', 'c', 'b']);
  });
});

describe('AlbumArranger', () => {
  beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('numbers the photos, marks the cover, and moves a photo with the keyboard; the focus follows it', async () => {
    const user = userEvent.setup();
    const { sent } = serveAlbum(album());
    await screen.findByRole('button', { name: 'Move photo 3 earlier' });
    expect(names()).toEqual(['Photo 1, cover: shot-1.jpg', 'Photo 2: shot-2.jpg', 'Photo 3: shot-3.jpg']);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' }).hasAttribute('disabled')).toBe(true);

    screen.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(names()).toEqual(['Photo 1, cover: shot-1.jpg', 'Photo 2: shot-3.jpg', 'Photo 3: shot-2.jpg']),
    );
    expect(sent('media-order')).toEqual([{ mediaIds: ['m-1', 'm-3', 'm-2'] }]);
    // The same photo, now number 2, keeps the focus: Enter again moves it to the front.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 2 earlier'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()[0]).toBe('Photo 1: shot-3.jpg'));
    expect(sent('media-order').at(-1)).toEqual({ mediaIds: ['m-3', 'm-1', 'm-2'] });
    expect(screen.getByRole('status').textContent).toMatch(/shot-3.jpg moved to position 1 of 3/);
  });

  it('reorders by drag and drop, and makes another photo the cover', async () => {
    const user = userEvent.setup();
    const { sent } = serveAlbum(album());
    await screen.findByRole('button', { name: 'Make photo 2 the cover' });
    const tiles = within(screen.getByRole('list', { name: 'Photos in this album, in order' })).getAllByRole('listitem');
    const data = { effectAllowed: '', setData: () => undefined };
    fireEvent.dragStart(tiles[0], { dataTransfer: data });
    fireEvent.dragOver(tiles[2], { dataTransfer: data });
    fireEvent.drop(tiles[2], { dataTransfer: data });
    await waitFor(() => expect(sent('media-order')).toEqual([{ mediaIds: ['m-2', 'm-3', 'm-1'] }]));

    await user.click(await screen.findByRole('button', { name: 'Make photo 1 the cover' }));
    await waitFor(() => expect(sent('cover')).toEqual([{ mediaId: 'm-2' }]));
    expect(await screen.findByRole('button', { name: 'photo 1 is the cover' })).toBeTruthy();
  });

  it('holds the order while in review but still lets the cover and the teaser change', async () => {
    const user = userEvent.setup();
    const { sent } = serveAlbum(album({ status: 'pending_review' }));
    await screen.findByText(/The order is fixed while a moderator reviews the album/);
    expect(screen.queryByRole('button', { name: /^Move photo/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    await waitFor(() => expect(sent('cover')).toEqual([{ mediaId: 'm-3' }]));
    await user.click(screen.getByRole('radio', { name: /Free preview/ }));
    await waitFor(() => expect(sent('teaser')).toEqual([{ teaser: 'preview' }]));
  });
});
