import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { expectPrerenderToHydrate, prerender } from '../../../test/prerender';
import { CategoriesPage } from './CategoriesPage';
import { StoresPage } from './StoresPage';

// The public /stores and /categories routes: prerendered as their pre-launch page like the rest of the site.
const PAGES: [string, ComponentType][] = [
  ['StoresPage', StoresPage],
  ['CategoriesPage', CategoriesPage],
];

describe('prerendered directory pages', () => {
  it.each(PAGES)(
    '%s hydrates over its prerendered HTML without a mismatch, even with a stored token',
    async (_, Page) => {
      expect(prerender(<Page />).match(/<h1[\s>]/g)).toHaveLength(1);
      localStorage.setItem('token', 'stored-session');
      await expectPrerenderToHydrate(<Page />);
    },
  );
});
