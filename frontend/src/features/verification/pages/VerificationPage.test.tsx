import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, stubFetch } from '../../../test/mock-auth';
import { VerificationPage } from './VerificationPage';

type Handler = Parameters<typeof stubFetch>[0][string];

const NEVER_SUBMITTED = { status: null, verifiedAt: null, rejectionReason: null, submittedAt: null };

function serve(
  options: { phase?: 'prelaunch' | 'live'; status?: Record<string, unknown> | Handler; post?: Handler } = {},
) {
  const { phase = 'live', status = NEVER_SUBMITTED, post } = options;
  return stubFetch({
    'GET /api/config': () => json({ launchPhase: phase }),
    'GET /api/verify-user/status': typeof status === 'function' ? status : () => json(status),
    'GET /api/verify-user/countries': () =>
      json({
        countries: [
          { code: 'DE', name: 'Germany' },
          { code: 'IE', name: 'Ireland' },
        ],
      }),
    ...(post ? { 'POST /api/verify-user': post } : {}),
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/dashboard/verification', element: <VerificationPage /> },
      { path: '/dashboard/mystoresettings', element: <p>Store settings page</p> },
    ],
    '/dashboard/verification',
  );
}

const image = (name: string, size = 2048, type = 'image/jpeg') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const fullName = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Full Name/ });
const dateOfBirth = () => screen.getByLabelText<HTMLInputElement>(/Date of Birth/);
const country = () => screen.getByRole<HTMLInputElement>('combobox', { name: /Country/ });
const finish = () => screen.getByRole('button', { name: 'Finish Verification' });

async function chooseCountry(user: UserEvent, name: string) {
  await user.click(country());
  // The dropdown is still in its opening transition here, so its options count as hidden.
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

async function fillValidForm(user: UserEvent) {
  await user.type(fullName(), 'Ada Lovelace');
  fireEvent.change(dateOfBirth(), { target: { value: '1990-12-10' } });
  await chooseCountry(user, 'Germany');
  await user.upload(screen.getByLabelText('Upload Your Photo with ID'), image('selfie.jpg'));
  await user.upload(screen.getByLabelText('Upload Your ID'), image('passport.png', 4096, 'image/png'));
}

describe('VerificationPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'user-token');
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the form in the live phase and validates on every change', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Finish Verification' })).toBeTruthy();
    expect(screen.queryByText('Verification Paused')).toBeNull();
    expect(country().getAttribute('placeholder')).toBe('Select Country');
    expect(finish()).toHaveProperty('disabled', true);

    await user.type(fullName(), 'A');
    await user.clear(fullName());
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.type(fullName(), 'Ada Lovelace');
    expect(screen.queryByText('This field is required')).toBeNull();

    const eighteenYearsAgo = new Date();
    eighteenYearsAgo.setFullYear(eighteenYearsAgo.getFullYear() - 18);
    eighteenYearsAgo.setDate(eighteenYearsAgo.getDate() + 1);
    const tooYoung = `${eighteenYearsAgo.getFullYear()}-${String(eighteenYearsAgo.getMonth() + 1).padStart(2, '0')}-${String(eighteenYearsAgo.getDate()).padStart(2, '0')}`;
    fireEvent.change(dateOfBirth(), { target: { value: tooYoung } });
    expect(await screen.findByText('You must be at least 18 years old')).toBeTruthy();
    fireEvent.change(dateOfBirth(), { target: { value: '' } });
    expect(await screen.findByText('This field is required')).toBeTruthy();
    fireEvent.change(dateOfBirth(), { target: { value: '2000-02-29' } });
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());

    await chooseCountry(user, 'Ireland');
    expect(country().value).toBe('Ireland');
    expect(finish()).toHaveProperty('disabled', true);

    await user.upload(screen.getByLabelText('Upload Your Photo with ID'), image('selfie.jpg'));
    expect(screen.getByRole('button', { name: 'Change Photo with ID' })).toBeTruthy();
    expect(screen.getByAltText('Preview of selfie.jpg').getAttribute('src')).toBe('blob:selfie.jpg');
    expect(finish()).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText('Upload Your ID'), image('id.webp', 1024, 'image/webp'));
    expect(screen.getByRole('button', { name: 'Change ID' })).toBeTruthy();
    expect(finish()).toHaveProperty('disabled', false);
  });

  it('refuses images over 10 MB and files that are not images', async () => {
    serve();
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('button', { name: 'Finish Verification' });
    const input = screen.getByLabelText<HTMLInputElement>('Upload Your ID');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');

    await user.upload(input, image('huge.jpg', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('This image is larger than 10 MB. Choose a smaller one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Your ID' })).toBeTruthy();

    await user.upload(input, image('notes.pdf', 1000, 'application/pdf'));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Your ID' })).toBeTruthy();

    await user.upload(input, image('exactly-10mb.webp', 10 * 1024 * 1024, 'image/webp'));
    expect(await screen.findByRole('button', { name: 'Change ID' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits a multipart body and switches to processing', async () => {
    const fetchMock = serve({ post: () => json({ status: 'processing', submittedAt: '2025-03-01T10:00:00Z' }, 201) });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Finish Verification' });
    await fillValidForm(user);
    await user.click(finish());

    expect(await screen.findByText('Verification Processing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish Verification' })).toBeNull();

    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/verify-user' && init?.method === 'POST');
    const init = post?.[1] as RequestInit;
    const headers = init.headers as Headers;
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Authorization')).toBe('Bearer user-token');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['fullName', 'dateOfBirth', 'country', 'userPhotoWithId', 'idPhoto']);
    expect(body.get('fullName')).toBe('Ada Lovelace');
    expect(body.get('dateOfBirth')).toBe('1990-12-10');
    expect(body.get('country')).toBe('DE');
    expect((body.get('userPhotoWithId') as File).name).toBe('selfie.jpg');
    expect((body.get('idPhoto') as File).name).toBe('passport.png');
  });

  it('keeps what was entered when the submission fails, with the toast and the server message', async () => {
    serve({
      post: () => json({ code: 'unsupported_image', message: 'The ID photo is not a JPEG, PNG or WebP image' }, 415),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Finish Verification' });
    await fillValidForm(user);
    await user.click(finish());

    expect(await screen.findByText('Error submitting verification. Please try again.')).toBeTruthy();
    expect(screen.getByText('The ID photo is not a JPEG, PNG or WebP image')).toBeTruthy();
    expect(fullName().value).toBe('Ada Lovelace');
    expect(dateOfBirth().value).toBe('1990-12-10');
    expect(country().value).toBe('Germany');
    expect(screen.getByRole('button', { name: 'Change Photo with ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change ID' })).toBeTruthy();
    expect(finish()).toHaveProperty('disabled', false);
    expect(screen.queryByText('Verification Processing')).toBeNull();
  });

  it('shows only the toast for a server fault', async () => {
    serve({ post: () => json({ code: 'internal', message: 'Internal server error' }, 500) });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Finish Verification' });
    await fillValidForm(user);
    await user.click(finish());
    expect(await screen.findByText('Error submitting verification. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Internal server error')).toBeNull();
    expect(fullName().value).toBe('Ada Lovelace');
  });

  it('reloads the status when the server says a submission is already pending', async () => {
    const statuses = [
      NEVER_SUBMITTED,
      { ...NEVER_SUBMITTED, status: 'processing', submittedAt: '2025-03-01T10:00:00Z' },
    ];
    let served = 0;
    serve({
      status: () => json(statuses[Math.min(served++, 1)]),
      post: () => json({ code: 'verification_pending', message: 'Your verification is already being reviewed' }, 409),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Finish Verification' });
    await fillValidForm(user);
    await user.click(finish());
    expect(await screen.findByText('Error submitting verification. Please try again.')).toBeTruthy();
    expect(await screen.findByText('Verification Processing')).toBeTruthy();
  });

  it('shows the processing view without the form (status compared case-insensitively)', async () => {
    serve({ status: { ...NEVER_SUBMITTED, status: 'PROCESSING', submittedAt: '2025-03-01T10:00:00Z' } });
    renderPage();
    expect(await screen.findByText('Verification Processing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish Verification' })).toBeNull();
  });

  it('shows the accepted view with the local date and the store settings button', async () => {
    const verifiedAt = '2025-04-02T15:30:00Z';
    serve({ status: { ...NEVER_SUBMITTED, status: 'Accepted', verifiedAt } });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('User Verified.')).toBeTruthy();
    expect(screen.getByText(`Account Verified at ${new Date(verifiedAt).toLocaleDateString()}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish Verification' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to Store Settings' }));
    expect(await screen.findByText('Store settings page')).toBeTruthy();
  });

  it('shows the rejection message and reason above the form', async () => {
    serve({ status: { ...NEVER_SUBMITTED, status: 'rejected', rejectionReason: 'The ID photo is blurred' } });
    renderPage();
    expect(await screen.findByText('Verification Rejected. Check email for details and try again.')).toBeTruthy();
    expect(screen.getByText('Reason: The ID photo is blurred')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish Verification' })).toBeTruthy();
  });

  it('shows the unexpected-status message above the form', async () => {
    serve({ status: { ...NEVER_SUBMITTED, status: 'on_hold' } });
    renderPage();
    expect(await screen.findByText('Unexpected verification status. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish Verification' })).toBeTruthy();
  });

  it('pauses verification before launch: the form is blurred and inert under the notice', async () => {
    serve({ phase: 'prelaunch' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Verification Paused' })).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Verification Paused' });
    expect(within(notice).getByText(/reopens before the full platform launch/)).toBeTruthy();
    expect(
      within(notice)
        .getByRole('link', { name: /Follow our social channels/ })
        .getAttribute('href'),
    ).toBe('/official-social-channels');
    const blurred = screen.getByTestId('paused-content');
    expect(blurred.hasAttribute('inert')).toBe(true);
    expect(blurred.style.filter).toContain('blur');
    expect(within(blurred).getByText('Finish Verification')).toBeTruthy();
  });

  it('logs a failed status fetch without a toast and offers the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ status: () => json({ code: 'internal', message: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Finish Verification' })).toBeTruthy();
    await waitFor(() =>
      expect(consoleError.mock.calls.some(([message]) => String(message).includes('verification status'))).toBe(true),
    );
    expect(screen.queryByText('boom')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
