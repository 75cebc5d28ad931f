import { describe, expect, it } from '@jest/globals';
import { cleanText, containsLink, duplicateKey, previewOf, textProblem, MESSAGE_MAX_LENGTH } from './message-text.js';

describe('message text', () => {
  it('is trimmed, normalised to NFC and freed of control characters, keeping line breaks', () => {
    expect(cleanText('  hello\u0000 there \u0007\r\n\r\n\r\n\r\nbye\t!  ')).toBe('hello there \n\nbye\t!');
    expect(cleanText('cafe\u0301')).toBe('café');
    expect(cleanText(' \n\t ')).toBe('');
  });

  it('needs text or media, and at most the ceiling of characters', () => {
    expect(textProblem('', 0)).toBe('empty');
    expect(textProblem('', 1)).toBeNull();
    expect(textProblem('x'.repeat(MESSAGE_MAX_LENGTH), 0)).toBeNull();
    expect(textProblem('x'.repeat(MESSAGE_MAX_LENGTH + 1), 2)).toBe('too_long');
  });

  it.each([
    'see https://example.test/x',
    'HTTP://A.B',
    'go to www.example.org now',
    'dm me on t.me/someone',
    'bit.ly/3xYz',
    'my page: Fans-Only.com',
    'x.com/handle',
    'visit example.co.uk',
    'cheap subs at promo.xyz',
    'https://[2001:db8::1]/x',
    'my.site.live',
  ])('finds the address in %j', (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    ['full-width letters and dot', 'ｅｖｉｌ．ｃｏｍ'],
    ['an ideographic full stop', 'evil。com'],
    ['a halfwidth ideographic full stop', 'evil｡com/x'],
    ['a one dot leader', 'evil\u2024com'],
    ['a zero-width space inside', 'evil\u200b.com'],
    ['an IP address and port', '203.0.113.7:8080/x'],
    ['a bare IP address', 'find me at 203.0.113.7'],
    ['a full-width IP address', '２０３．０．１１３．７'],
    ['a full-width scheme', 'ｈｔｔｐｓ://example.test'],
    ['a newer generic TLD', 'all of it at mysite.photography'],
    ['a brand TLD', 'pics on me.casino now'],
    ['an internationalised TLD', 'join shop.онлайн'],
  ])('finds the address written with %s', (_what, text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    'Thanks a lot!',
    'e.g. this one',
    'see you at 10.30',
    'version 2.0 is out',
    'mail me at jo@example.com',
    'a.m. or p.m.',
    'file.jpeg',
    'Great.see you soon',
    'ok...bye',
    '$9.99 only',
    'see you at 10.30。',
    'price ９.９９',
    '１２:３０ works',
  ])('finds no address in %j', (text) => {
    expect(containsLink(text)).toBe(false);
  });

  it('treats texts differing only in case and spacing as the same for the duplicate rule', () => {
    expect(duplicateKey('  Buy  NOW\nat my page ')).toBe(duplicateKey('buy now at my page'));
    expect(duplicateKey('buy now')).not.toBe(duplicateKey('buy later'));
  });

  it('previews long text shortened and media-only messages by their count', () => {
    expect(previewOf('x'.repeat(200), 0)).toHaveLength(120);
    expect(previewOf('', 1)).toBe('Sent media');
    expect(previewOf('', 3)).toBe('Sent 3 media');
  });
});
