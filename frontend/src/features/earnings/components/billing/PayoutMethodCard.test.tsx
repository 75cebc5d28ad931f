import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/render';
import { json, requestsTo, serve, type Request } from '../../../../test/serve';
import type { PayoutMethod } from '../../services/earnings-types';
import { SOLANA_ADDRESS, VALID_IBAN } from '../../test/fixtures';
import { PAYOUT_FORM_MESSAGES as M } from './PayoutMethodForm';
import { PayoutMethodCard } from './PayoutMethodCard';
import { createAuthMock } from '../../../../test/mock-auth';

const { auth } = vi.hoisted(() => ({ auth: {} as ReturnType<typeof createAuthMock> }));
vi.mock('../../../../lib/auth-client', async () => {
  const { createAuthMock: create } = await import('../../../../test/mock-auth');
  Object.assign(auth, create());
  return { auth };
});
// Loads the mock now, so `auth` is filled even before a component imports the client.
await import('../../../../lib/auth-client');
const STALE = () => json({ code: 'reauthentication_needed', message: 'For your security, confirm it is you.' }, 403);

const UPDATED_AT = '2026-03-01T10:00:00.000Z';
const BANK: PayoutMethod = {
  kind: 'bank',
  accountHolder: 'Jane Fit',
  ibanLast4: '3000',
  currency: 'EUR',
  updatedAt: UPDATED_AT,
};

function serveMethod(initial: PayoutMethod | null, extra: Record<string, (request: Request) => Response> = {}) {
  let saved = initial;
  return serve({
    'GET /api/payouts/method': () => json(saved),
    'GET /api/payouts/statement': () => json({}),
    'PUT /api/payouts/method': ({ body }) => {
      const request = body as { kind: string; accountHolder: string; iban: string; currency: string; address: string };
      saved =
        request.kind === 'bank'
          ? {
              kind: 'bank',
              accountHolder: request.accountHolder,
              ibanLast4: request.iban.slice(-4),
              currency: request.currency,
              updatedAt: UPDATED_AT,
            }
          : { kind: 'crypto', network: 'solana', address: request.address, updatedAt: UPDATED_AT };
      return json(saved);
    },
    'DELETE /api/payouts/method': () => ((saved = null), new Response(null, { status: 204 })),
    ...extra,
  });
}

const renderCard = () => renderAt(<PayoutMethodCard defaultCurrency="USD" />);
const card = () => screen.getByRole('region', { name: 'Payout method' });

describe('PayoutMethodCard', () => {
  beforeEach(() => window.localStorage.setItem('token', 'creator-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('checks the bank fields before sending, then PUTs the normalised IBAN', async () => {
    const fetchMock = serveMethod(null);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save payout method' }));
    expect(screen.getByText(M.accountHolder)).toBeTruthy();
    expect(screen.getByText(M.ibanMissing)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /Account holder/ }), 'Jane Fit');
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), 'DE89 3704 0044 0532 0130 01');
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText(M.ibanInvalid)).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/payouts/method')).toHaveLength(0);

    const iban = screen.getByRole('textbox', { name: /IBAN/ });
    await user.clear(iban);
    await user.type(iban, VALID_IBAN.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));

    expect(await within(card()).findByText('•••• 3000')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/payouts/method')[0]?.body).toEqual({
      kind: 'bank',
      accountHolder: 'Jane Fit',
      iban: 'DE89370400440532013000',
      currency: 'USD',
    });
    expect(await screen.findByText('Payout method saved')).toBeTruthy();
  });

  it('changes to a Solana wallet, refusing a malformed address first', async () => {
    const fetchMock = serveMethod(BANK);
    renderCard();
    const user = userEvent.setup();
    expect(await within(card()).findByText('Jane Fit')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change payout method' }));
    await user.click(screen.getByRole('radio', { name: 'Crypto' }));
    expect((screen.getByRole('textbox', { name: 'Network' }) as HTMLInputElement).value).toBe('Solana');

    await user.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(screen.getByText(M.addressMissing)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Wallet address/ }), '0xNotASolanaAddress');
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(screen.getByText(M.addressInvalid)).toBeTruthy();

    const address = screen.getByRole('textbox', { name: /Wallet address/ });
    await user.clear(address);
    await user.type(address, SOLANA_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await within(card()).findByText(SOLANA_ADDRESS)).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/payouts/method')[0]?.body).toEqual({
      kind: 'crypto',
      network: 'solana',
      address: SOLANA_ADDRESS,
    });
  });

  it('shows the server’s field message under its input', async () => {
    serveMethod(null, {
      'PUT /api/payouts/method': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Invalid',
            details: [{ field: 'iban', message: 'This bank is not supported' }],
          },
          400,
        ),
    });
    renderCard();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Account holder/ }), 'Jane Fit');
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), VALID_IBAN);
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('This bank is not supported')).toBeTruthy();
  });

  it('asks for the password when the sign-in is stale, re-authenticates, then saves', async () => {
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [] }, error: null });
    let fresh = false;
    const fetchMock = serveMethod(null);
    const saving = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`;
      if (key === 'PUT /api/payouts/method' && !fresh) return STALE();
      if (key === 'POST /api/account/reauthenticate') {
        fresh = JSON.parse(String(init?.body)).password === 'Right-Password-1!';
        return fresh
          ? json({ authenticated_at: UPDATED_AT })
          : json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, 400);
      }
      return saving(input, init);
    });
    renderCard();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Account holder/ }), 'Jane Fit');
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), VALID_IBAN);
    await user.click(screen.getByRole('button', { name: 'Save payout method' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const password = await within(dialog).findByLabelText('Password');
    await user.type(password, 'Wrong-Password-1!');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Invalid login credentials')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Password'), 'Right-Password-1!');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(card()).findByText('•••• 3000')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'PUT /api/payouts/method')).toHaveLength(2);
    expect(requestsTo(fetchMock, 'POST /api/account/reauthenticate').map((request) => request.body)).toEqual([
      { password: 'Wrong-Password-1!' },
      { password: 'Right-Password-1!' },
    ]);
  });

  it('asks for a 2FA code instead when 2FA is on, and retries the removal after it', async () => {
    const factor = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator App' };
    auth.mfa.listFactors.mockResolvedValue({ data: { all: [factor], totp: [factor] }, error: null });
    auth.mfa.challenge.mockResolvedValue({ data: { id: 'challenge-1' }, error: null });
    let fresh = false;
    auth.mfa.verify.mockImplementation(
      async () => ((fresh = true), { data: { access_token: 'creator-token' }, error: null }),
    );
    const fetchMock = serveMethod(BANK);
    const answering = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'DELETE' && !fresh ? STALE() : answering(input, init),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove payout method' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove payout method?' })).getByRole('button', {
        name: 'Remove',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(await within(dialog).findByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Save payout method' })).toBeTruthy();
    expect(auth.mfa.verify).toHaveBeenCalledWith({ factorId: 'factor-1', challengeId: 'challenge-1', code: '123456' });
    expect(requestsTo(fetchMock, 'DELETE /api/payouts/method')).toHaveLength(2);
  });

  it('removes the method only after confirming', async () => {
    const fetchMock = serveMethod(BANK);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove payout method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payout method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, 'DELETE /api/payouts/method')).toHaveLength(0);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove payout method' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove payout method?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/payouts/method')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Save payout method' })).toBeTruthy();
  });
});
