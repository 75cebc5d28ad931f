import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, stubFetch } from '../../../test/mock-auth';
import type { RewardsRecord } from '../services/rewards.service';
import { RewardsPage } from './RewardsPage';

const WALLET = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const OTHER_WALLET = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';

const empty: RewardsRecord = {
  walletAddress: null,
  telegramUsername: null,
  walletAddedAt: null,
  airdropEligible: false,
  snapshotDate: null,
};

/** A tiny rewards server: answers like the contract and remembers what was saved. */
function rewardsServer(initial: Partial<RewardsRecord> = {}) {
  let record: RewardsRecord = { ...empty, ...initial };
  const bodies: Record<string, unknown[]> = { wallet: [], telegram: [] };
  const fetchMock = stubFetch({
    'GET /api/rewards': () => json(record),
    'PUT /api/rewards/wallet': (init) => {
      const body = JSON.parse(init?.body as string) as { walletAddress: string };
      bodies.wallet.push(body);
      record = { ...record, walletAddress: body.walletAddress, airdropEligible: true };
      return json(record);
    },
    'DELETE /api/rewards/wallet': () => {
      record = { ...record, walletAddress: null, airdropEligible: false };
      return json(record);
    },
    'PUT /api/rewards/telegram': (init) => {
      const body = JSON.parse(init?.body as string) as { telegramUsername: string };
      bodies.telegram.push(body);
      record = { ...record, telegramUsername: body.telegramUsername.replace(/^@/, '') };
      return json(record);
    },
    'DELETE /api/rewards/telegram': () => {
      record = { ...record, telegramUsername: null };
      return json(record);
    },
  });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([input, init]) => (input as string) === url && (init?.method ?? 'GET') === method);
  return { fetchMock, bodies, calls };
}

function renderPage() {
  return renderRoutes([{ path: '/dashboard/rewards', element: <RewardsPage /> }], '/dashboard/rewards');
}

const card = (name: string) => screen.getByRole('region', { name });

describe('RewardsPage', () => {
  beforeEach(() => window.localStorage.setItem('token', 'user-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the banner, both programmes, the airdrop status, share images and follow links', async () => {
    const { calls } = rewardsServer();
    renderPage();
    expect(await screen.findByText('Token IDO Coming Q1 2025!')).toBeTruthy();
    const join = screen.getByRole('link', { name: /Join Community/ });
    expect(join.getAttribute('href')).toBe('https://t.me/fanmintofficial');

    const airdrop = card('Community Airdrop');
    expect(within(airdrop).getByText('5 billion tokens')).toBeTruthy();
    expect(await within(airdrop).findByText('Not participating yet')).toBeTruthy();
    const draw = card('Billionaire Mega Draw');
    expect(within(draw).getByText('1 billion tokens')).toBeTruthy();
    expect(within(draw).getByText(/100,000,000 tokens per month for 10 months/)).toBeTruthy();
    expect(within(draw).getByText(/before the draw date/)).toBeTruthy();

    const story = screen.getByRole('link', { name: 'Download story image' });
    expect(story.getAttribute('href')).toBe('/images/share/rewards-story.png');
    expect(story.hasAttribute('download')).toBe(true);
    const post = screen.getByRole('link', { name: 'Download post image' });
    expect(post.getAttribute('href')).toBe('/images/share/rewards-post.png');
    expect(post.hasAttribute('download')).toBe(true);
    expect(screen.getByAltText(/story format \(9:16\)/)).toBeTruthy();
    expect(screen.getByAltText(/post format \(1:1\)/)).toBeTruthy();

    const follow = within(card('Follow us'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(follow).toEqual([
      'Telegram (opens in a new tab)',
      'X (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'TikTok (opens in a new tab)',
    ]);
    expect(screen.getByText(/we are not affiliated/)).toBeTruthy();
    expect(screen.getByText(/Do not use an exchange wallet/)).toBeTruthy();
    expect(screen.getByText(/before the airdrop snapshot date/)).toBeTruthy();

    const get = calls('GET', '/api/rewards')[0];
    expect((get[1]?.headers as Headers).get('Authorization')).toBe('Bearer user-token');
  });

  it('adds a wallet, then shows it with Edit and Remove', async () => {
    const { bodies } = rewardsServer();
    renderPage();
    const user = userEvent.setup();
    const wallet = await screen.findByRole('region', { name: 'Solana wallet' });
    await user.click(await within(wallet).findByRole('button', { name: 'Add wallet' }));
    expect(await within(wallet).findByText('This field is required')).toBeTruthy();
    expect(bodies.wallet).toEqual([]);

    await user.type(within(wallet).getByRole('textbox', { name: /Solana wallet address/ }), `  ${WALLET} `);
    await user.click(within(wallet).getByRole('button', { name: 'Add wallet' }));

    expect(await screen.findByText('Wallet added successfully')).toBeTruthy();
    expect(bodies.wallet).toEqual([{ walletAddress: WALLET }]);
    expect(within(wallet).getByText(WALLET)).toBeTruthy();
    expect(within(wallet).getByRole('button', { name: 'Edit Solana wallet address' })).toBeTruthy();
    expect(within(wallet).getByRole('button', { name: 'Remove Solana wallet address' })).toBeTruthy();
    expect(within(card('Community Airdrop')).getByText('Participating')).toBeTruthy();
  });

  it('edits a wallet: Cancel keeps the old one, Save updates it', async () => {
    const { bodies } = rewardsServer({ walletAddress: WALLET, airdropEligible: true });
    renderPage();
    const user = userEvent.setup();
    const wallet = await screen.findByRole('region', { name: 'Solana wallet' });
    await user.click(await within(wallet).findByRole('button', { name: 'Edit Solana wallet address' }));
    const input = within(wallet).getByRole<HTMLInputElement>('textbox', { name: /Solana wallet address/ });
    expect(input.value).toBe(WALLET);
    await user.clear(input);
    await user.type(input, OTHER_WALLET);
    await user.click(within(wallet).getByRole('button', { name: 'Cancel' }));
    expect(within(wallet).getByText(WALLET)).toBeTruthy();
    expect(within(wallet).queryByRole('textbox', { name: /Solana wallet address/ })).toBeNull();
    expect(bodies.wallet).toEqual([]);

    await user.click(within(wallet).getByRole('button', { name: 'Edit Solana wallet address' }));
    const again = within(wallet).getByRole('textbox', { name: /Solana wallet address/ });
    await user.clear(again);
    await user.type(again, OTHER_WALLET);
    await user.click(within(wallet).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Wallet updated successfully')).toBeTruthy();
    expect(bodies.wallet).toEqual([{ walletAddress: OTHER_WALLET }]);
    expect(within(wallet).getByText(OTHER_WALLET)).toBeTruthy();
  });

  it('removes a wallet and brings the add form back', async () => {
    const { calls } = rewardsServer({ walletAddress: WALLET, airdropEligible: true });
    renderPage();
    const user = userEvent.setup();
    const wallet = await screen.findByRole('region', { name: 'Solana wallet' });
    await user.click(await within(wallet).findByRole('button', { name: 'Remove Solana wallet address' }));
    expect(await screen.findByText('Wallet removed successfully')).toBeTruthy();
    expect(calls('DELETE', '/api/rewards/wallet')).toHaveLength(1);
    expect(within(wallet).getByRole('button', { name: 'Add wallet' })).toBeTruthy();
    expect(within(wallet).getByRole<HTMLInputElement>('textbox', { name: /Solana wallet address/ }).value).toBe('');
  });

  it("shows the server's validation message under the input and in a toast", async () => {
    const message = 'walletAddress must be a Solana address (base58, 32 bytes)';
    rewardsServer();
    stubFetch({
      'GET /api/rewards': () => json(empty),
      'PUT /api/rewards/wallet': () => json({ code: 'validation_failed', message, error: 'Bad Request' }, 400),
    });
    renderPage();
    const user = userEvent.setup();
    const wallet = await screen.findByRole('region', { name: 'Solana wallet' });
    const input = await within(wallet).findByRole('textbox', { name: /Solana wallet address/ });
    await user.type(input, 'not-a-wallet');
    await user.click(within(wallet).getByRole('button', { name: 'Add wallet' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).value).toBe('not-a-wallet');
    expect(screen.queryByText('Wallet added successfully')).toBeNull();
  });

  it('falls back to the spec messages when the service gives none', async () => {
    stubFetch({
      'GET /api/rewards': () => json({ ...empty, walletAddress: WALLET, telegramUsername: 'fan_club' }),
      'DELETE /api/rewards/wallet': () => new Response('', { status: 500 }),
      'PUT /api/rewards/telegram': () => json({ code: 'internal', message: 'Internal server error' }, 500),
      'DELETE /api/rewards/telegram': () =>
        json({ code: 'unauthorized', message: 'You must be logged in to remove your Telegram username' }, 401),
    });
    renderPage();
    const user = userEvent.setup();
    const wallet = await screen.findByRole('region', { name: 'Solana wallet' });
    await user.click(await within(wallet).findByRole('button', { name: 'Remove Solana wallet address' }));
    expect(await screen.findByText('Failed to remove wallet')).toBeTruthy();
    expect(within(wallet).getByText(WALLET)).toBeTruthy();

    const telegram = screen.getByRole('region', { name: 'Telegram username' });
    await user.click(within(telegram).getByRole('button', { name: 'Edit Telegram username' }));
    await user.click(within(telegram).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to process Telegram operation')).toBeTruthy();
    await user.click(within(telegram).getByRole('button', { name: 'Cancel' }));

    await user.click(within(telegram).getByRole('button', { name: 'Remove Telegram username' }));
    expect(await screen.findByText('You must be logged in to remove your Telegram username')).toBeTruthy();
    expect(within(telegram).getByText('@fan_club')).toBeTruthy();
  });

  it('adds, edits, cancels and removes the Telegram username', async () => {
    const { bodies, calls } = rewardsServer();
    renderPage();
    const user = userEvent.setup();
    const telegram = await screen.findByRole('region', { name: 'Telegram username' });
    await user.type(await within(telegram).findByRole('textbox', { name: /Telegram username/ }), '@fan_club');
    await user.click(within(telegram).getByRole('button', { name: 'Add username' }));
    expect(await screen.findByText('Telegram username added successfully')).toBeTruthy();
    expect(bodies.telegram).toEqual([{ telegramUsername: '@fan_club' }]);
    expect(within(telegram).getByText('@fan_club')).toBeTruthy();

    await user.click(within(telegram).getByRole('button', { name: 'Edit Telegram username' }));
    await user.click(within(telegram).getByRole('button', { name: 'Cancel' }));
    expect(bodies.telegram).toHaveLength(1);

    await user.click(within(telegram).getByRole('button', { name: 'Edit Telegram username' }));
    const input = within(telegram).getByRole('textbox', { name: /Telegram username/ });
    await user.clear(input);
    await user.type(input, 'new_fan_name');
    await user.click(within(telegram).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Telegram username updated successfully')).toBeTruthy();
    expect(bodies.telegram[1]).toEqual({ telegramUsername: 'new_fan_name' });
    expect(within(telegram).getByText('@new_fan_name')).toBeTruthy();

    await user.click(within(telegram).getByRole('button', { name: 'Remove Telegram username' }));
    expect(await screen.findByText('Telegram username removed successfully')).toBeTruthy();
    expect(calls('DELETE', '/api/rewards/telegram')).toHaveLength(1);
    expect(within(telegram).getByRole('button', { name: 'Add username' })).toBeTruthy();
  });
});
