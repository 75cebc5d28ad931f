import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectPrerenderToHydrate, prerender } from '../../../test/prerender';
import { renderAt } from '../../../test/render';
import { OfficialTokenPage } from './OfficialTokenPage';

async function disclaimer() {
  return screen.findByRole('dialog', { name: /Important Disclaimer/ });
}

describe('OfficialTokenPage', () => {
  it('opens the disclaimer when the page opens', async () => {
    renderAt(<OfficialTokenPage />, '/official-token');
    const dialog = await disclaimer();
    expect(dialog.textContent).toMatch(/marketing and engagement tool/);
    expect(dialog.textContent).toMatch(/not an investment/i);
    expect(dialog.textContent).toMatch(/may have no value/);
    expect(dialog.textContent).toMatch(/subject to change/);
    expect(within(dialog).getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms');
  });

  type User = ReturnType<typeof userEvent.setup>;
  it.each([
    ['the acknowledge button', (user: User) => user.click(screen.getByRole('button', { name: 'I Understand' }))],
    ['the close button', (user: User) => user.click(screen.getByRole('button', { name: 'Close disclaimer' }))],
    ['Escape', (user: User) => user.keyboard('{Escape}')],
  ])('closes the disclaimer with %s and reopens it on demand', async (_, dismiss) => {
    const user = userEvent.setup();
    renderAt(<OfficialTokenPage />, '/official-token');
    await disclaimer();
    await dismiss(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Read the Disclaimer' }));
    expect(await disclaimer()).toBeTruthy();
  });

  it('sends visitors without a token to sign-up', async () => {
    renderAt(<OfficialTokenPage />, '/official-token');
    await disclaimer();
    const ctas = screen.getAllByRole('link', { name: 'Sign Up for Rewards' });
    expect(ctas.map((a) => a.getAttribute('href'))).toEqual(['/sign-up', '/sign-up']);
    expect(screen.queryByRole('link', { name: 'Go to My Rewards' })).toBeNull();
  });

  it('sends visitors with a stored token to their rewards', async () => {
    window.localStorage.setItem('token', 'session-token');
    renderAt(<OfficialTokenPage />, '/official-token');
    const ctas = await screen.findAllByRole('link', { name: 'Go to My Rewards' });
    expect(ctas.map((a) => a.getAttribute('href'))).toEqual(['/dashboard/rewards', '/dashboard/rewards']);
  });

  it('links to early sign-up and the roadmap', async () => {
    renderAt(<OfficialTokenPage />, '/official-token');
    await disclaimer();
    expect(screen.getByRole('link', { name: 'Join early sign-up', hidden: true }).getAttribute('href')).toBe('/signup');
    const roadmapLinks = screen.getAllByRole('link', { name: /View Roadmap/, hidden: true });
    expect(roadmapLinks[0].getAttribute('href')).toBe('/roadmap');
  });

  it('prerenders every tokenomics figure and the signed-out call to action, without the dialog', () => {
    const html = prerender(<OfficialTokenPage />, '/official-token');
    for (const figure of [
      '1,000,000,000,000',
      'IDO, liquidity and pre-sale',
      'No unlock schedule',
      'CEX reserve',
      'Released over 5 years',
      'Bi-monthly unlocks over 24 months',
      '3-month cliff, then vesting over 36 months',
      '12-month cliff; relocked if unused',
      '200B',
      '150B',
      '100B',
      '50B',
      'paired with SOL',
      '5 billion tokens',
      '1 billion tokens',
      '100,000,000',
      'Q1 2025',
      '90/10 token split',
      'Never share your seed phrase',
      'self-custody Solana wallet',
      'We never DM first',
      'href="/official-social-channels"',
      'href="/sign-up"',
    ]) {
      expect(html).toContain(figure);
    }
    expect(html).not.toContain('Important Disclaimer');
    expect(html).not.toContain('/dashboard/rewards');
  });

  it('hydrates the prerendered page even when a token is stored', async () => {
    window.localStorage.setItem('token', 'session-token');
    await expectPrerenderToHydrate(<OfficialTokenPage />, '/official-token');
  });
});
