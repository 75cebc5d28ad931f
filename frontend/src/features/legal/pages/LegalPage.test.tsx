import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, renderRoutes } from '../../../test/render';
import { BRAND } from '../../../lib/site';
import { LegalPage } from './LegalPage';

describe('LegalPage', () => {
  it('shows the banner title as the only h1, the effective date and the numbered sections', async () => {
    renderAt(<LegalPage doc="terms" />, '/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Effective January 2025')).toBeTruthy();
    expect(screen.getByText('Version 1.0.0')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1. About these Terms' }).id).toBe('1-about-these-terms');
    expect(screen.getByRole('heading', { level: 2, name: '20. Governing law, changes and contact' })).toBeTruthy();
    expect(document.title).toBe(`Terms & Conditions | ${BRAND}`);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('links the table of contents to the sections', async () => {
    renderAt(<LegalPage doc="privacy" />, '/privacy');

    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const [sidebar] = screen.getAllByRole('navigation', { name: 'On this page' });
    const firstLink = sidebar.querySelector('a');
    expect(firstLink?.getAttribute('href')).toBe('#1-who-we-are');
    expect(firstLink?.textContent).toBe('1. Who we are');
    expect(screen.getByText('Effective January 2025')).toBeTruthy();
  });

  it('follows a link inside the document through the router', async () => {
    const { router } = renderRoutes(
      [
        { path: '/refund-policy', element: <LegalPage doc="refund-policy" /> },
        { path: '/terms', element: <LegalPage doc="terms" /> },
      ],
      '/refund-policy',
    );
    await screen.findByRole('heading', { level: 1, name: 'Refund & Return Policy' });

    const inlineLink = document.querySelector('.mantine-Typography-root a[href="/terms"]');
    expect(inlineLink).not.toBeNull();
    fireEvent.click(inlineLink as Element);

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms');
  });
});
