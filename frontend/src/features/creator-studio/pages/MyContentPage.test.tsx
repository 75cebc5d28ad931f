import '../test/jsdom-extras';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, stubFetch } from '../../../test/mock-auth';
import { uploadStore } from '../hooks/upload-store';
import type { ContentItem } from '../services/content.service';
import { CHUNK_SIZE, RETRY_DELAYS } from '../services/tus-upload';
import { itemFixture, mediaFixture, VERIFIED } from '../test/fixtures';
import { FakeUpload, photo, tusRefusal } from '../test/tus-mock';
import { MyContentPage } from './MyContentPage';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../test/tus-mock')).FakeUpload }));

type Handler = Parameters<typeof stubFetch>[0][string];

/** A small content API: remembers items, answers like the contract. */
function contentServer(
  initial: ContentItem[],
  extra: (items: Map<string, ContentItem>) => Record<string, Handler> = () => ({}),
) {
  const items = new Map(initial.map((item) => [item.id, item]));
  const itemRoutes = (id: string): Record<string, Handler> => ({
    [`GET /api/content/${id}`]: () => json(items.get(id)),
  });
  const fetchMock = stubFetch({
    'GET /api/content/mine': () => json({ items: [...items.values()] }),
    'GET /api/verify-user/status': () => json(VERIFIED),
    'GET /api/stores/mine': () => json({ code: 'no_store', message: 'You have not opened a store yet' }, 404),
    ...Object.assign({}, ...initial.map((item) => itemRoutes(item.id))),
    ...extra(items),
  });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([input, init]) => input === url && (init?.method ?? 'GET') === method);
  return { fetchMock, items, calls };
}

function renderPage(
  kind: 'video' | 'album',
  path = kind === 'video' ? '/dashboard/my-videos' : '/dashboard/photo-albums',
) {
  return renderRoutes([{ path: path.split('?')[0], element: <MyContentPage kind={kind} /> }], path);
}

const NEW_ID = '0b6c8a52-2222-4000-8000-000000000002';

describe('MyContentPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'creator-token');
    FakeUpload.reset();
  });
  afterEach(() => {
    act(() => uploadStore.reset());
    vi.unstubAllGlobals();
  });

  it('lists items with thumbnail, price, the spec’s status labels and a rejection reason; says nothing is public before approval', async () => {
    contentServer([
      itemFixture({ id: 'a1', title: 'Beach day', status: 'approved', media: [mediaFixture()] }),
      itemFixture({ id: 'a2', title: 'Studio set', status: 'pending_review', priceMinor: 2500, currency: 'EUR' }),
      itemFixture({ id: 'a3', title: 'Night walk', status: 'rejected', rejectionReason: 'Blurry photos' }),
      itemFixture({ id: 'a4', title: 'Draft one', status: 'draft' }),
      itemFixture({ id: 'a5', title: 'Taken down', status: 'removed', media: [mediaFixture()] }),
      itemFixture({ id: 'v1', kind: 'video', title: 'A video', status: 'draft' }),
    ]);
    renderPage('album');
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(beach).getByText('Approved')).toBeTruthy();
    expect(within(beach).getByText('$14.99')).toBeTruthy();
    expect(beach.querySelector('img')?.getAttribute('src')).toBe('/api/media?token=thumb-1');
    expect(within(screen.getByRole('article', { name: 'Studio set' })).getByText('Pending Review')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Studio set' })).getByText('€25.00')).toBeTruthy();
    const rejected = screen.getByRole('article', { name: 'Night walk' });
    expect(within(rejected).getByText('rejected')).toBeTruthy();
    expect(within(rejected).getByText('Reason: Blurry photos')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Draft one' })).getByText('Draft')).toBeTruthy();
    // Removed content serves no files: no thumbnail link is used.
    const removed = screen.getByRole('article', { name: 'Taken down' });
    expect(within(removed).getByText('Removed')).toBeTruthy();
    expect(removed.querySelector('img')).toBeNull();
    expect(screen.queryByRole('article', { name: 'A video' })).toBeNull();
    expect(screen.getByText(/Nothing is public before approval/)).toBeTruthy();
  });

  it('creates an album, uploads photos with per-file progress from tus, pause/resume, and shows a refused file’s message', async () => {
    const { calls } = contentServer([], (items) => ({
      'POST /api/content': (init) => {
        const body = JSON.parse(init?.body as string) as Partial<ContentItem>;
        const created = itemFixture({ ...body, id: NEW_ID, media: [] });
        items.set(NEW_ID, created);
        return json(created, 201);
      },
      [`GET /api/content/${NEW_ID}`]: () => json(items.get(NEW_ID)),
    }));
    renderPage('album');
    const user = userEvent.setup();

    await user.click((await screen.findAllByRole('button', { name: 'New album' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New album' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Beach day');
    const price = within(dialog).getByRole('textbox', { name: /Price/ });
    expect((price as HTMLInputElement).value).toBe('14.99');
    await user.clear(price);
    await user.type(price, '19.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));

    const drawer = await screen.findByRole('dialog', { name: 'Beach day' });
    expect(JSON.parse(calls('POST', '/api/content')[0][1]?.body as string)).toEqual({
      kind: 'album',
      title: 'Beach day',
      description: '',
      priceMinor: 1950,
      currency: 'USD',
    });
    expect(within(drawer).getByText('Draft')).toBeTruthy();

    const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(input.multiple).toBe(true);
    await user.upload(input, [photo('beach.jpg'), photo('huge.png', 'image/png')]);
    await waitFor(() => expect(FakeUpload.instances).toHaveLength(2));
    const [first, second] = FakeUpload.instances;
    expect(first.options).toMatchObject({
      endpoint: '/api/uploads',
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { contentId: NEW_ID, filename: 'beach.jpg', filetype: 'image/jpeg' },
    });
    await waitFor(() => expect(first.start).toHaveBeenCalledTimes(1));
    expect(first.findPreviousUploads).toHaveBeenCalled();
    const header = { setHeader: vi.fn() };
    void first.options.onBeforeRequest?.(header as never);
    expect(header.setHeader).toHaveBeenCalledWith('Authorization', 'Bearer creator-token');

    act(() => first.options.onProgress?.(1024, 4096));
    const bar = within(drawer).getByRole('progressbar', { name: 'Upload progress of beach.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    const row = bar.closest('[data-testid="upload-row"]') as HTMLElement;
    expect(within(row).getByText('25%')).toBeTruthy();
    act(() => first.options.onProgress?.(3072, 4096));
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(within(row).getByText('75%')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Pause upload of beach.jpg' }));
    expect(first.abort).toHaveBeenCalled();
    expect(within(row).getByText('Paused')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Resume upload of beach.jpg' }));
    expect(first.start).toHaveBeenCalledTimes(2);

    act(() => second.options.onError?.(tusRefusal(413, 'A photo can be at most 50 MB', 'POST') as never));
    const refusedRow = within(drawer)
      .getByRole('progressbar', { name: 'Upload progress of huge.png' })
      .closest('[data-testid="upload-row"]') as HTMLElement;
    expect(within(refusedRow).getByRole('alert').textContent).toBe('A photo can be at most 50 MB');
  });

  it('resumes an earlier upload of the same file, retries dropped connections but not refusals', async () => {
    const item = itemFixture({ id: NEW_ID });
    contentServer([item]);
    FakeUpload.previous = [{ uploadUrl: '/api/uploads/abc', urlStorageKey: 'k' }];
    renderPage('album', `/dashboard/photo-albums?item=${NEW_ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'Beach day' });
    await userEvent.setup().upload(drawer.querySelector('input[type="file"]') as HTMLInputElement, photo('a.jpg'));
    await waitFor(() => expect(FakeUpload.instances[0]?.start).toHaveBeenCalled());
    const [upload] = FakeUpload.instances;
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith(FakeUpload.previous[0]);

    const dropped = Object.assign(new Error('network'), {
      originalRequest: { getMethod: () => 'PATCH' },
      originalResponse: null,
    });
    expect(upload.options.onShouldRetry?.(dropped as never, 0, upload.options)).toBe(true);
    expect(await within(drawer).findByText('Connection lost: reconnecting...')).toBeTruthy();
    expect(
      upload.options.onShouldRetry?.(
        tusRefusal(415, 'This file is not a photo (JPEG, PNG or WebP)') as never,
        0,
        upload.options,
      ),
    ).toBe(false);
  });

  it('after an upload, asks again until the files are ready and shows their thumbnails', async () => {
    const { items } = contentServer([itemFixture({ id: NEW_ID })]);
    renderPage('album', `/dashboard/photo-albums?item=${NEW_ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'Beach day' });
    await userEvent.setup().upload(drawer.querySelector('input[type="file"]') as HTMLInputElement, photo('beach.jpg'));
    await waitFor(() => expect(FakeUpload.instances[0]?.start).toHaveBeenCalled());

    items.set(
      NEW_ID,
      itemFixture({ id: NEW_ID, media: [mediaFixture({ status: 'uploaded', thumbnailUrl: null, fileUrl: null })] }),
    );
    act(() => FakeUpload.instances[0].options.onSuccess?.({ lastResponse: {} as never }));
    expect(within(drawer).getByText('Uploaded')).toBeTruthy();
    expect(await within(drawer).findByText('Processing...')).toBeTruthy();
    // The file is now among the album's photos: its upload row goes.
    expect(within(drawer).queryByTestId('upload-row')).toBeNull();

    items.set(NEW_ID, itemFixture({ id: NEW_ID, media: [mediaFixture()] }));
    const thumbnail = await within(drawer).findByRole('img', { name: 'beach.jpg' }, { timeout: 4000 });
    expect(thumbnail.getAttribute('src')).toBe('/api/media?token=thumb-1');
  });

  it('submits a draft for review (Pending Review) and shows the 409 message when files are missing', async () => {
    const video = itemFixture({
      id: NEW_ID,
      kind: 'video',
      title: 'Workout',
      media: [mediaFixture({ mediaType: 'video', originalName: 'workout.mp4', durationSeconds: 65 })],
    });
    let refuse = true;
    contentServer([video], (items) => ({
      [`POST /api/content/${NEW_ID}/submit`]: () => {
        if (refuse) {
          refuse = false;
          return json(
            { code: 'media_processing', message: 'Some files are still being processed; submit when they are ready' },
            409,
          );
        }
        const pending = {
          ...items.get(NEW_ID)!,
          status: 'pending_review' as const,
          submittedAt: '2026-01-05T00:00:00Z',
        };
        items.set(NEW_ID, pending);
        return json(pending);
      },
    }));
    renderPage('video', `/dashboard/my-videos?item=${NEW_ID}`);
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Workout' });
    expect(drawer.querySelector('input[type="file"]')).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: 'Submit for review' }));
    expect((await within(drawer).findByRole('alert')).textContent).toBe(
      'Some files are still being processed; submit when they are ready',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Submit for review' }));
    expect(await within(drawer).findByText('Pending Review')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(within(drawer).getByText(/stays private until it is approved/)).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Workout', hidden: true })).getByText('Pending Review'),
    ).toBeTruthy();
  });

  it('shows a rejected item’s reason, lets the creator change it and resubmit', async () => {
    const rejected = itemFixture({
      id: NEW_ID,
      title: 'Night walk',
      status: 'rejected',
      rejectionReason: 'A featured person is not on your collaboration list',
      media: [mediaFixture()],
    });
    const { calls } = contentServer([rejected], (items) => ({
      [`PATCH /api/content/${NEW_ID}`]: (init) => {
        const changed = { ...items.get(NEW_ID)!, ...(JSON.parse(init?.body as string) as Partial<ContentItem>) };
        items.set(NEW_ID, changed);
        return json(changed);
      },
      [`POST /api/content/${NEW_ID}/submit`]: () => {
        const pending = { ...items.get(NEW_ID)!, status: 'pending_review' as const, rejectionReason: null };
        items.set(NEW_ID, pending);
        return json(pending);
      },
    }));
    renderPage('album');
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Night walk' });
    expect(within(card).getByText('Reason: A featured person is not on your collaboration list')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Open Night walk' }));

    const drawer = await screen.findByRole('dialog', { name: 'Night walk' });
    expect(within(drawer).getByText('Reason: A featured person is not on your collaboration list')).toBeTruthy();
    const title = within(drawer).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Night walk (solo)');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls('PATCH', `/api/content/${NEW_ID}`)).toHaveLength(1));
    expect(JSON.parse(calls('PATCH', `/api/content/${NEW_ID}`)[0][1]?.body as string)).toMatchObject({
      title: 'Night walk (solo)',
      priceMinor: 1499,
    });

    await user.click(await within(drawer).findByRole('button', { name: 'Resubmit for review' }));
    expect(await within(drawer).findByText('Pending Review')).toBeTruthy();
    expect(calls('POST', `/api/content/${NEW_ID}/submit`)).toHaveLength(1);
  });

  it('takes a photo out of a draft album (DELETE) and shows the album without it', async () => {
    const draft = itemFixture({
      id: NEW_ID,
      title: 'Beach day',
      status: 'draft',
      media: [mediaFixture(), mediaFixture({ id: 'media-2', originalName: 'dunes.jpg' })],
    });
    const { calls } = contentServer([draft], (items) => ({
      [`DELETE /api/content/${NEW_ID}/media/media-2`]: () => {
        const updated = { ...items.get(NEW_ID)!, media: [mediaFixture()] };
        items.set(NEW_ID, updated);
        return json(updated);
      },
    }));
    renderPage('album', `/dashboard/photo-albums?item=${NEW_ID}`);
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Beach day' });
    await user.click(await within(drawer).findByRole('button', { name: 'Remove dunes.jpg' }));
    await waitFor(() => expect(calls('DELETE', `/api/content/${NEW_ID}/media/media-2`)).toHaveLength(1));
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Remove dunes.jpg' })).toBeNull());
    expect(within(drawer).getByRole('button', { name: 'Remove beach.jpg' })).toBeTruthy();
  });
});
