import { describe, expect, it } from 'vitest';
import { prerender } from '../../../test/prerender';
import { ComingSoonPage } from '@/features/site';
import { CategoriesPage } from '../pages/CategoriesPage';
import { StoresPage } from '../pages/StoresPage';

describe('LaunchPhaseSwitch', () => {
  it('prerenders /stores and /categories exactly as the pre-launch placeholders', () => {
    expect(prerender(<StoresPage />, '/stores')).toBe(prerender(<ComingSoonPage page="stores" />, '/stores'));
    expect(prerender(<CategoriesPage />, '/categories')).toBe(
      prerender(<ComingSoonPage page="categories" />, '/categories'),
    );
  });
});
