import { describe, expect, it } from '@jest/globals';
import { allowedRedirect } from './redirect-target.js';

describe('allowedRedirect (email link redirect_to)', () => {
  const local = 'http://localhost:3000';

  it('keeps a target on our exact origin', () => {
    expect(allowedRedirect('http://localhost:3000/dashboard?x=1', local, '/sign-in')).toBe(
      'http://localhost:3000/dashboard?x=1',
    );
    expect(allowedRedirect('https://fanmint.example/reset', 'https://fanmint.example', '/sign-in')).toBe(
      'https://fanmint.example/reset',
    );
  });

  it.each([
    ['another port on localhost', 'http://localhost:9999/dashboard'],
    ['a look-alike host', 'http://localhost.evil.com:3000/'],
    ['another scheme', 'https://localhost:3000/'],
    ['a javascript: url', 'javascript:alert(1)'],
    ['credentials in the authority', 'http://evil@localhost:3000/'],
    ['a relative path', '/dashboard'],
    ['garbage', 'http://[::1'],
    ['127.0.0.1 for localhost', 'http://127.0.0.1:3000/'],
  ])('falls back for %s', (_label, target) => {
    expect(allowedRedirect(target, local, '/sign-in')).toBe('http://localhost:3000/sign-in');
  });

  it('falls back when the default port is spelled out differently only if the origin differs', () => {
    expect(allowedRedirect('https://fanmint.example:443/x', 'https://fanmint.example', '/sign-in')).toBe(
      'https://fanmint.example/x',
    );
    expect(allowedRedirect('https://fanmint.example:8443/x', 'https://fanmint.example', '/sign-in')).toBe(
      'https://fanmint.example/sign-in',
    );
  });
});

describe('the `next` a redirect carries (where the web app returns after sign-in)', () => {
  const local = 'http://localhost:3000';
  const withNext = (next: string) => `${local}/verify-email?next=${encodeURIComponent(next)}`;

  it('keeps a path of this site, with its own query', () => {
    expect(
      new URL(allowedRedirect(withNext('/stores/jane?buy=abc&ref=R1'), local, '/sign-in')).searchParams.get('next'),
    ).toBe('/stores/jane?buy=abc&ref=R1');
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'stores/jane',
    '/a\nb',
    'javascript:alert(1)',
  ])('drops %j and keeps the rest', (next) => {
    expect(allowedRedirect(withNext(next), local, '/sign-in')).toBe(`${local}/verify-email`);
  });
});
