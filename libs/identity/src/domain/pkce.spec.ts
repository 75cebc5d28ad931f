import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { parseCodeChallenge, verifierMatches } from './pkce.js';

const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const s256 = createHash('sha256').update(verifier).digest('base64url');

describe('PKCE code challenge', () => {
  it('is absent for the implicit flow (nulls as auth-js sends them)', () => {
    expect(parseCodeChallenge(undefined, undefined)).toBeNull();
    expect(parseCodeChallenge(null, null)).toBeNull();
  });

  it('accepts s256 and plain, case-insensitively', () => {
    expect(parseCodeChallenge(s256, 'S256')).toEqual({ challenge: s256, method: 's256' });
    expect(parseCodeChallenge(verifier, 'plain')).toEqual({ challenge: verifier, method: 'plain' });
  });

  it('names what is wrong with a malformed pair', () => {
    expect(parseCodeChallenge(s256, undefined)).toBe('incomplete');
    expect(parseCodeChallenge('short', 's256')).toBe('bad_challenge');
    expect(parseCodeChallenge({ toString: () => s256 }, 's256')).toBe('bad_challenge');
    expect(parseCodeChallenge(s256, 'toString')).toBe('bad_method');
  });

  it('checks the verifier against the challenge', () => {
    expect(verifierMatches({ challenge: s256, method: 's256' }, verifier)).toBe(true);
    expect(verifierMatches({ challenge: s256, method: 's256' }, `${verifier}x`)).toBe(false);
    expect(verifierMatches({ challenge: verifier, method: 'plain' }, verifier)).toBe(true);
    expect(verifierMatches({ challenge: verifier, method: 'plain' }, s256)).toBe(false);
  });
});
