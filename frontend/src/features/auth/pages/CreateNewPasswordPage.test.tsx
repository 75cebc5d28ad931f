import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, requestsTo, serve } from '../../../test/serve';
import { CreateNewPasswordPage } from './CreateNewPasswordPage';

const renderPage = () =>
  renderRoutes(
    [
      { path: '/reset-password/:token', element: <CreateNewPasswordPage /> },
      { path: '/sign-in', element: <p>Sign-in page</p> },
    ],
    '/reset-password/tok-123',
  );

const field = () => screen.getByLabelText(/^New Password/, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Reset Password' });

describe('CreateNewPasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a password beside the field, announces a weak one, and sends neither', async () => {
    const fetchMock = serve({ 'POST /api/users/reset-password': () => new Response(null, { status: 204 }) });
    renderPage();
    const user = userEvent.setup();
    await user.click(submitButton());
    expect(await screen.findByText('New password is required')).toBeTruthy();
    expect(screen.queryByText('Please ensure your password meets all requirements.')).toBeNull();

    await user.type(field(), 'weakpass');
    await user.click(submitButton());
    // beside the field and in the toast
    expect((await screen.findAllByText('Please ensure your password meets all requirements.')).length).toBe(2);
    expect(requestsTo(fetchMock, 'POST /api/users/reset-password')).toHaveLength(0);
  });

  it('sends a password that holds every rule with the link token', async () => {
    const fetchMock = serve({ 'POST /api/users/reset-password': () => json({}) });
    renderPage();
    const user = userEvent.setup();
    await user.type(field(), 'Str0ng!pass');
    await user.click(submitButton());
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/users/reset-password')[0]?.body).toEqual({
        resetToken: 'tok-123',
        newPassword: 'Str0ng!pass',
      }),
    );
  });
});
