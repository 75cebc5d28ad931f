import { describe, expect, it } from '@jest/globals';
import { hasEncodedNul, parseJsonBody, scanJsonText } from './json-body.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request bodies are checked before they are parsed', () => {
  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(scanJsonText(nested(32), 32)).toBeNull();
    expect(scanJsonText(`{"a":${nested(31)}}`, 32)).toBeNull();
    expect(scanJsonText(nested(33), 32)).toBe('too_deep');
    expect(scanJsonText(`{"a":{"b":${nested(31)}}}`, 32)).toBe('too_deep');
  });

  it('does not count brackets inside strings, including after escaped quotes', () => {
    expect(scanJsonText(JSON.stringify({ a: '['.repeat(100), b: 'say \\"[[[[["' }), 2)).toBeNull();
  });

  it('finds the escape \\u0000 in keys and values, and only the real escape', () => {
    expect(scanJsonText(JSON.stringify({ email: 'a\u0000b' }))).toBe('nul_byte');
    expect(scanJsonText(JSON.stringify({ ['k\u0000']: 1 }))).toBe('nul_byte');
    expect(scanJsonText(JSON.stringify({ text: 'a literal \\u0000 is six characters' }))).toBeNull();
    expect(scanJsonText(JSON.stringify({ text: 'tab\t and \u0001' }))).toBeNull();
  });

  it('refuses a 1 MB nested array in one pass without JSON.parse, with a 400', () => {
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((...args: Parameters<typeof parse>) => {
      parses++;
      return parse(...args);
    }) as typeof JSON.parse;
    try {
      expect(() => parseJsonBody(nested(500_000))).toThrow(
        expect.objectContaining({
          status: 400,
          code: 'bad_json',
          message: 'Request body is nested deeper than 32 levels',
        }),
      );
      expect(() => parseJsonBody(JSON.stringify({ a: 'x\u0000' }))).toThrow(
        expect.objectContaining({ status: 400, code: 'bad_json' }),
      );
      expect(parses).toBe(0);
      expect(parseJsonBody('{"email": "a@b.io"}')).toEqual({ email: 'a@b.io' });
      expect(parses).toBe(1);
    } finally {
      JSON.parse = parse;
    }
  });

  it('refuses keys that reach a prototype, also when escaped', () => {
    for (const body of [
      '{"__proto__": {"admin": true}}',
      '{"a": {"\\u005f_proto__": 1}}',
      '{"constructor": {"prototype": {"x": 1}}}',
    ]) {
      expect(() => parseJsonBody(body)).toThrow(expect.objectContaining({ status: 400, code: 'bad_json' }));
    }
    expect(parseJsonBody('{"constructor": "a name", "proto": 1}')).toEqual({ constructor: 'a name', proto: 1 });
  });

  it('turns malformed JSON into a 400', () => {
    expect(() => parseJsonBody('{"email": ')).toThrow(expect.objectContaining({ status: 400, code: 'bad_json' }));
  });

  it('sees an encoded NUL anywhere in a request target, but not an encoded percent sign', () => {
    expect(hasEncodedNul('/api/stores/ab%00c')).toBe(true);
    expect(hasEncodedNul('/api/content?store=%00')).toBe(true);
    expect(hasEncodedNul('/api/x?q=%2500')).toBe(false);
    expect(hasEncodedNul('/api/stores/abc')).toBe(false);
  });
});
