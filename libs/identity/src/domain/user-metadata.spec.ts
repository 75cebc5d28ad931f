import { describe, expect, it } from '@jest/globals';
import { clientMetadata, jsonDepth, mergeMetadata, metadataProblem, METADATA_MAX_BYTES } from './user-metadata.js';

describe('user_metadata bounds and merge', () => {
  it('accepts any JSON object within 4 KB and 5 levels', () => {
    expect(metadataProblem({ a: { b: { c: { d: { e: 1 } } } }, list: [1, 'x', null], n: 1.5 })).toBeNull();
  });

  it('names the broken bound', () => {
    expect(metadataProblem([1])).toBe('not_object');
    expect(metadataProblem('x')).toBe('not_object');
    expect(metadataProblem({ a: { b: { c: { d: { e: { f: 1 } } } } } })).toBe('too_deep');
    expect(metadataProblem({ a: [[[[[1]]]]] })).toBe('too_deep');
    expect(metadataProblem({ blob: 'x'.repeat(METADATA_MAX_BYTES) })).toBe('too_large');
  });

  it('stops counting depth past the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(jsonDepth(deep)).toBe(7);
  });

  it('keeps values as sent and drops keys the server writes', () => {
    expect(clientMetadata({ score: '1e3', n: 1000, terms_accepted: true, sub: 'x', email: 'e', nick: 'n' })).toEqual({
      score: '1e3',
      n: 1000,
      nick: 'n',
    });
  });

  it('merges an update key by key, null removing a key, consent untouched', () => {
    const existing = { terms_accepted: true, nick: 'old', keep: 1 };
    expect(mergeMetadata(existing, { nick: 'new', keep: null, terms_accepted: false, extra: { a: 1 } })).toEqual({
      terms_accepted: true,
      nick: 'new',
      extra: { a: 1 },
    });
  });

  it('treats prototype names as ordinary keys', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "toString": "x"}') as Record<
      string,
      unknown
    >;
    const merged = mergeMetadata({}, parsed);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(merged.toString).toBe('x');
  });
});
