import { beforeEach, describe, expect, it } from 'vitest';
import { peekReturnTo, rememberReturnTo, safeReturnPath, takeReturnTo, withNext } from './return-to';

describe('return-to after signing up or in', () => {
  beforeEach(() => window.localStorage.clear());

  it('accepts only paths of this site', () => {
    expect(safeReturnPath('/stores/jane?ref=ABC&buy=1')).toBe('/stores/jane?ref=ABC&buy=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'stores/jane', '/a\nb', null, ''])
      expect(safeReturnPath(bad)).toBeNull();
  });

  it('prefers the page’s next, falls back to the remembered path, and uses it up', () => {
    rememberReturnTo('/stores/jane?ref=ABC');
    expect(peekReturnTo()).toBe('/stores/jane?ref=ABC');
    expect(takeReturnTo(null)).toBe('/stores/jane?ref=ABC');
    expect(takeReturnTo(null)).toBeNull();
    rememberReturnTo('/stores/old');
    expect(takeReturnTo('/stores/new?ref=X')).toBe('/stores/new?ref=X');
    expect(peekReturnTo()).toBeNull();
  });

  it('forgets a remembered path after a day', () => {
    window.localStorage.setItem(
      'returnTo',
      JSON.stringify({ path: '/stores/jane', at: Date.now() - 25 * 3600 * 1000 }),
    );
    expect(takeReturnTo(null)).toBeNull();
  });

  it('builds auth links that come back', () => {
    expect(withNext('/sign-up', '/stores/jane?ref=A&buy=1')).toBe('/sign-up?next=%2Fstores%2Fjane%3Fref%3DA%26buy%3D1');
    expect(withNext('/sign-in', '//evil')).toBe('/sign-in');
  });

  it('puts only a path of this site into the confirmation link', () => {
    expect(withNext('/verify-email', '/stores/jane?buy=1&ref=A')).toBe(
      '/verify-email?next=%2Fstores%2Fjane%3Fbuy%3D1%26ref%3DA',
    );
    for (const bad of ['https://evil.example/x', '//evil.example', '/\\evil.example', null])
      expect(withNext('/verify-email', bad)).toBe('/verify-email');
  });
});
