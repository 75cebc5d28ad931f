import { checkSlug, RESERVED_SLUGS } from './store-slug.js';

describe('checkSlug', () => {
  it('accepts 3 to 40 lowercase letters and digits with single inner hyphens', () => {
    for (const slug of ['abc', 'jane-fit', 'studio-42', 'a1-b2-c3', '007', 'x'.repeat(40)]) {
      expect(checkSlug(slug)).toEqual({ ok: true, slug });
    }
  });

  it('trims and lower-cases what the creator typed', () => {
    expect(checkSlug('  Jane-Fit ')).toEqual({ ok: true, slug: 'jane-fit' });
  });

  it('refuses the wrong length with the limits in the message', () => {
    for (const slug of ['ab', '', '   ', 'x'.repeat(41)]) {
      expect(checkSlug(slug)).toEqual({
        ok: false,
        slug: slug.trim(),
        message: 'A store address has 3 to 40 characters',
      });
    }
  });

  it('refuses other characters, double hyphens and hyphens at the ends', () => {
    for (const slug of [
      'jane_fit',
      'jane fit',
      'jane.fit',
      '-jane',
      'jane-',
      'jane--fit',
      'jané',
      'jane/fit',
      'ja%20ne',
    ]) {
      const result = checkSlug(slug);
      expect({ slug, ok: result.ok }).toEqual({ slug, ok: false });
      expect(result.ok ? '' : result.message).toMatch(/lowercase letters, digits and single hyphens/);
    }
  });

  it("refuses the site's routes, the API's fixed paths and the platform's name", () => {
    for (const slug of [
      'admin',
      'api',
      'auth',
      'dashboard',
      'stores',
      'categories',
      'sign-in',
      'sign-up',
      'help-center',
      'faq',
      'terms',
      'privacy',
      'roadmap',
      'official-token',
      'fanmint-platform',
      'mine',
      'slug-available',
    ]) {
      expect(RESERVED_SLUGS.has(slug) || slug.includes('fanmint')).toBe(true);
      expect(checkSlug(slug.toUpperCase()).ok).toBe(false);
    }
    expect(checkSlug('stores')).toMatchObject({
      ok: false,
      message: '"stores" is reserved: choose another store address',
    });
    expect(checkSlug('real-fanmint-support')).toMatchObject({
      ok: false,
      message: 'A store address cannot contain the platform name',
    });
  });

  it('keeps every reserved word itself a well-formed slug, so the list has no dead entries', () => {
    for (const slug of RESERVED_SLUGS) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
