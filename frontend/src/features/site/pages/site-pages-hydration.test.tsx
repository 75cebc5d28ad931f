import { act, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { CategoriesPage } from './CategoriesPage';
import { ContactPage } from './ContactPage';
import { ContactUsPage } from './ContactUsPage';
import { HelpCenterPage } from './HelpCenterPage';
import { HomePage } from './HomePage';
import { PlatformPage } from './PlatformPage';
import { SocialChannelsPage } from './SocialChannelsPage';
import { StoresPage } from './StoresPage';

const PAGES: [string, ComponentType][] = [
  ['HomePage', HomePage],
  ['StoresPage', StoresPage],
  ['CategoriesPage', CategoriesPage],
  ['PlatformPage', PlatformPage],
  ['SocialChannelsPage', SocialChannelsPage],
  ['ContactUsPage', ContactUsPage],
  ['ContactPage', ContactPage],
  ['HelpCenterPage', HelpCenterPage],
];

const tree = (Page: ComponentType) => (
  <Providers>
    <MemoryRouter>
      <Page />
    </MemoryRouter>
  </Providers>
);

describe('prerendered site pages', () => {
  it.each(PAGES)('%s hydrates over its prerendered HTML without a mismatch, even with a stored token', async (_, Page) => {
    const html = renderToString(tree(Page));
    localStorage.setItem('token', 'stored-session');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);

    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, tree(Page), { onRecoverableError: (error) => errors.push(error) }),
    );
    try {
      expect(errors).toEqual([]);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('prerenders the signed-out call to action on the home page', () => {
    localStorage.setItem('token', 'stored-session');
    const html = renderToString(tree(HomePage));
    expect(html).toContain('Early Sign Up Live Now');
    expect(html).not.toContain('Go to Dashboard');
  });
});
