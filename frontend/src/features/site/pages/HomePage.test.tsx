import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_SLUG } from '../../../lib/site';
import { renderAt } from '../../../test/render';
import { HomePage } from './HomePage';

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('HomePage', () => {
  it('invites visitors without a stored token to the early sign-up', async () => {
    renderAt(<HomePage />);

    const cta = await screen.findByRole('link', { name: /Early Sign Up Live Now/ });
    expect(hrefOf(cta)).toBe('/sign-up');
    expect(screen.queryByRole('link', { name: /Go to Dashboard/ })).toBeNull();
  });

  it('switches the call to action to the dashboard after mount when a token is stored', async () => {
    localStorage.setItem('token', 'stored-session');
    renderAt(<HomePage />);

    const cta = await screen.findByRole('link', { name: /Go to Dashboard/ });
    expect(hrefOf(cta)).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: /Early Sign Up Live Now/ })).toBeNull();
  });

  it('links the banner to the token page and the four cards to platform, token, roadmap and socials', async () => {
    renderAt(<HomePage />);

    const banner = await screen.findByRole('link', { name: /Token IDO and Community Airdrop: 5 billion tokens/ });
    expect(hrefOf(banner)).toBe('/official-token');

    const explore = screen.getByRole('region', { name: /^Explore/ });
    const cards = within(explore).getAllByRole('link');
    expect(cards.map(hrefOf)).toEqual([
      `/${PRODUCT_SLUG}-platform`,
      '/official-token',
      '/roadmap',
      '/official-social-channels',
    ]);
  });

  it('shows the three targets and a single h1', async () => {
    renderAt(<HomePage />);

    const targets = await screen.findByRole('region', { name: 'Where we are headed' });
    expect(
      within(targets)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Users', 'Creators', 'Yearly revenue']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
