import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../../../lib/site';
import { renderAt } from '../../../test/render';
import { pageAt } from '../../../test/page-at';
import { ComingSoonFeaturePage } from './ComingSoonFeaturePage';

describe('ComingSoonFeaturePage', () => {
  it("Support: 'Support Portal', 'Coming Soon!' and where to get help now", async () => {
    renderAt(<ComingSoonFeaturePage page="support" />, '/dashboard/support');

    expect(screen.getByRole('heading', { level: 1, name: 'Support Portal' })).toBeTruthy();
    expect(screen.getByText('Coming Soon!')).toBeTruthy();
    const help = screen.getByRole('region', { name: 'Need help now?' });
    expect(within(help).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    expect(within(help).getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}?subject=Support%20request`,
    );
    await waitFor(() => expect(document.title).toBe('Support Portal | Fanmint'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it("AI Business Advisor: 'Coming Soon!' with analytics, revenue optimisation and recommendations", async () => {
    renderAt(<ComingSoonFeaturePage page="ai-business-advisor" />, '/dashboard/ai-business-advisor');

    expect(screen.getByRole('heading', { level: 1, name: 'AI Business Advisor' })).toBeTruthy();
    expect(screen.getByText('Coming Soon!')).toBeTruthy();
    for (const name of ['Analytics', 'Revenue optimisation', 'Recommendations']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Official Social Channels' }).getAttribute('href')).toBe(
      '/official-social-channels',
    );
    await waitFor(() => expect(document.title).toBe('AI Business Advisor | Fanmint'));
  });

  it("AI Creator Studio: 'Coming Soon!' with thumbnail generation and description optimisation", async () => {
    renderAt(<ComingSoonFeaturePage page="ai-creator-studio" />, '/dashboard/ai-creator-studio');

    expect(screen.getByRole('heading', { level: 1, name: 'AI Creator Studio' })).toBeTruthy();
    expect(screen.getByText('Coming Soon!')).toBeTruthy();
    for (const name of ['Thumbnail generation', 'Description optimisation']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    await waitFor(() => expect(document.title).toBe('AI Creator Studio | Fanmint'));
  });

  it.each([
    ['/dashboard/support', 'Support Portal'],
    ['/dashboard/ai-business-advisor', 'AI Business Advisor'],
    ['/dashboard/ai-creator-studio', 'AI Creator Studio'],
  ])('the route table sends %s to the %s page', async (path, title) => {
    const Page = await pageAt(path);
    renderAt(<Page />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('Coming Soon!')).toBeTruthy();
  });
});
