import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../test/serve';
import '../test/jsdom-extras';
import { album, myStore, photo, post, POST_ID } from '../test/fixtures';
import { FakeUpload, imageFile } from '../test/tus-fake';
import { PostComposer } from './PostComposer';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../test/tus-fake')).FakeUpload }));

type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;

function compose(handlers: Handlers = {}, element = <PostComposer />) {
  const fetchMock = serve({
    'GET /api/stores/mine': () => json(myStore()),
    'POST /api/posts': ({ body }) => json(post({ ...(body as object), id: 'new-post' }), 201),
    ...handlers,
  });
  renderAt(element, '/dashboard/posts');
  return { fetchMock, user: userEvent.setup() };
}

const text = () => screen.getByRole('textbox', { name: 'Write a post' });
const postButton = () => screen.getByRole('button', { name: 'Post' });
const photosInput = () => document.querySelector('input[type="file"][accept^="image"]') as HTMLInputElement;

beforeEach(() => {
  window.localStorage.setItem('token', 'creator-token');
  vi.stubGlobal('navigator', { ...navigator, language: 'en-US', languages: ['en-US'] });
  FakeUpload.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('the post composer', () => {
  it('asks for text or media before posting, and counts the characters', async () => {
    const { fetchMock, user } = compose();
    await user.click(postButton());
    expect(screen.getByRole('alert').textContent).toBe('Write something or attach photos or a video.');
    expect(screen.getByText('0 / 5,000')).toBeTruthy();
    await user.type(text(), 'Hi');
    expect(screen.getByText('2 / 5,000')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/posts')).toHaveLength(0);
  });

  it('posts a free text post with comments on, then empties the form', async () => {
    const { fetchMock, user } = compose();
    await user.type(text(), 'Live on Friday at 8\nBring questions');
    await user.click(postButton());
    expect(await screen.findByText('Your post is live.')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/posts')[0]?.body).toEqual({
      text: 'Live on Friday at 8\nBring questions',
      audience: 'free',
      commentsEnabled: true,
    });
    expect((text() as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the price only for pay to unlock, and needs media and a price in range there', async () => {
    const { fetchMock, user } = compose();
    expect(screen.queryByRole('textbox', { name: /Price to unlock/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Pay to unlock/ }));
    const price = await screen.findByRole('textbox', { name: /Price to unlock/ });
    expect(screen.getByText('Between $0.50 and $1,000.00')).toBeTruthy();
    await user.type(text(), 'Full set inside');
    await user.click(postButton());
    expect(screen.getByRole('alert').textContent).toBe('A pay-to-unlock post needs photos or a video.');
    expect(screen.getByText('Enter the price to unlock')).toBeTruthy();
    await user.type(price, '0.2');
    await user.click(postButton());
    expect(screen.getByText('Enter an amount from $0.50 to $1,000.00')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Subscribers only/ }));
    expect(screen.queryByRole('textbox', { name: /Price to unlock/ })).toBeNull();
    expect(requestsTo(fetchMock, 'POST /api/posts')).toHaveLength(0);
  });

  it('uploads photos into a post item over tus, submits it for review, and posts it paid with comments off', async () => {
    let submits = 0;
    const { fetchMock, user } = compose({
      'POST /api/posts/media': () => json({ contentId: 'media-1' }, 201),
      // The worker is still processing the first time the composer asks.
      'POST /api/content/media-1/submit': () =>
        ++submits === 1
          ? json({ statusCode: 409, code: 'media_processing', message: 'Some files are still being processed' }, 409)
          : json({ id: 'media-1', status: 'pending_review' }),
      'POST /api/posts': ({ body }) => json(post({ ...(body as object), id: 'new-post', status: 'in_review' }), 201),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.upload(photosInput(), [imageFile('beach.jpg'), imageFile('sunset.png', 'image/png')]);
      await waitFor(() => expect(FakeUpload.instances).toHaveLength(2));
      expect(requestsTo(fetchMock, 'POST /api/posts/media')[0]?.body).toEqual({ kind: 'album' });
      const [first, second] = FakeUpload.instances;
      expect(first.options.metadata).toMatchObject({ contentId: 'media-1', filename: 'beach.jpg' });
      const list = screen.getByRole('list', { name: 'Attached media' });
      expect(within(list).getByText('2 photos')).toBeTruthy();

      act(() => first.options.onProgress?.(4096, 4096));
      act(() => second.options.onProgress?.(2048, 4096));
      expect(within(list).getByRole('progressbar', { name: 'Upload progress of 2 photos' })).toBeTruthy();
      expect(within(list).getByText(/75%/)).toBeTruthy();

      await user.type(text(), 'The full beach set');
      await user.click(screen.getByRole('radio', { name: /Pay to unlock/ }));
      await user.type(screen.getByRole('textbox', { name: /Price to unlock/ }), '4.5');
      await user.click(screen.getByRole('switch', { name: /Comments on/ }));
      await user.click(postButton());
      expect(screen.getByRole('alert').textContent).toBe('Wait until your photos and videos finish uploading.');

      act(() => first.options.onSuccess?.({ lastResponse: {} as never }));
      act(() => second.options.onSuccess?.({ lastResponse: {} as never }));
      await waitFor(() => expect(submits).toBe(1));
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(await within(list).findByText('Uploaded: reviewed before anyone sees it')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }

    await user.click(postButton());
    expect(
      await screen.findByText('Your post is in review. It goes live when its photos and videos are approved.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/posts')[0]?.body).toEqual({
      text: 'The full beach set',
      audience: 'paid',
      priceMinor: 450,
      mediaIds: ['media-1'],
      commentsEnabled: false,
    });
  });

  it("turns away a file of the wrong type and shows the upload's refusal", async () => {
    const { user } = compose({
      'POST /api/posts/media': () =>
        json({ statusCode: 403, code: 'not_verified', message: 'Verify your identity before you upload' }, 403),
    });
    // The picker offers photos only; a file dropped past it is still checked.
    await userEvent.setup({ applyAccept: false }).upload(photosInput(), [imageFile('notes.pdf', 'application/pdf')]);
    expect(screen.getByRole('alert').textContent).toBe('notes.pdf is not a photo (JPEG, PNG or WebP)');
    await user.upload(photosInput(), [imageFile('beach.jpg')]);
    expect(await screen.findByText('Verify your identity before you upload')).toBeTruthy();
    expect(FakeUpload.instances).toHaveLength(0);
  });

  it("shows the server's refusal in a notification and under the field it names", async () => {
    const message = 'A post has at most 5000 characters';
    const { user } = compose({
      'POST /api/posts': () =>
        json({ statusCode: 400, code: 'validation_failed', message, details: [{ field: 'text', message }] }, 400),
    });
    await user.type(text(), 'Hello');
    await user.click(postButton());
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect((text() as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('edits a post: its media stay attached, a rejected item is removed, and the price goes with PATCH', async () => {
    const existing = post({
      audience: 'subscribers',
      status: 'rejected',
      media: [
        album([photo(1)], { contentId: 'kept' }),
        album([photo(2)], { contentId: 'refused', status: 'rejected' }),
      ],
    });
    const onDone = vi.fn();
    const { fetchMock, user } = compose(
      {
        [`PATCH /api/posts/${POST_ID}`]: ({ body }) => json({ ...existing, ...(body as object), status: 'published' }),
      },
      <PostComposer post={existing} onDone={onDone} />,
    );
    const list = screen.getByRole('list', { name: 'Attached media' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Remove it to publish the post.')).toBeTruthy();
    await user.click(within(list).getAllByRole('button', { name: 'Remove Album of 1 photos' })[1]);
    await user.click(screen.getByRole('radio', { name: /Free/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(requestsTo(fetchMock, `PATCH /api/posts/${POST_ID}`)[0]?.body).toEqual({
      text: 'New set is up',
      audience: 'free',
      priceMinor: null,
      mediaIds: ['kept'],
      commentsEnabled: true,
    });
  });
});
