import { createHmac, createSecretKey } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { FixedClock, type AppConfig } from '#app/platform';
import { AccessTokens } from './access-tokens.js';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const ISSUER = 'http://localhost:3000/auth/v1';
const NOW = new Date('2031-05-01T12:00:00Z');
const NOW_SECONDS = NOW.getTime() / 1000;
const config = { JWT_SECRET: SECRET, PUBLIC_URL: 'http://localhost:3000', JWT_EXPIRY_SECONDS: 3600 } as AppConfig;
const claims = {
  sub: 'user-1',
  email: 'a@example.com',
  phone: '',
  app_metadata: {},
  user_metadata: {},
  aal: 'aal1' as const,
  amr: [],
  session_id: 'session-1',
  is_anonymous: false,
};

function accessTokens(clock = new FixedClock(NOW), secret = SECRET): AccessTokens {
  return new AccessTokens(new JwtService({ secret: createSecretKey(Buffer.from(secret, 'utf8')) }), config, clock);
}

const segment = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token signed with HMAC-SHA256 by hand, so its header and claims can be anything. */
function handSigned(header: unknown, payload: unknown, secret = SECRET): string {
  const signed = `${segment(header)}.${segment(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}
const HS256 = { alg: 'HS256', typ: 'JWT' };
const valid = {
  ...claims,
  role: 'authenticated',
  iss: ISSUER,
  aud: 'authenticated',
  iat: NOW_SECONDS,
  exp: NOW_SECONDS + 3600,
};

describe('AccessTokens', () => {
  it('signs the same bytes as before the move to @nestjs/jwt: the header, the claims and their order', () => {
    // Written by the jose-based signer for these claims, secret and clock.
    const before =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTEiLCJlbWFpbCI6ImFAZXhhbXBsZS5jb20iLCJwaG9uZSI6IiIsImFwcF9tZXRhZGF0YSI6e30sInVzZXJfbWV0YWRhdGEiOnt9LCJhYWwiOiJhYWwxIiwiYW1yIjpbXSwic2Vzc2lvbl9pZCI6InNlc3Npb24tMSIsImlzX2Fub255bW91cyI6ZmFsc2UsInJvbGUiOiJhdXRoZW50aWNhdGVkIiwiaXNzIjoiaHR0cDovL2xvY2FsaG9zdDozMDAwL2F1dGgvdjEiLCJhdWQiOiJhdXRoZW50aWNhdGVkIiwiaWF0IjoxOTM1NDAzMjAwLCJleHAiOjE5MzU0MDY4MDB9.7VF1Dy0uJ3RtyYCy76nJYg9SbnG2HjJl-DrXxSHdIiQ';
    expect(accessTokens().sign(claims)).toEqual({ token: before, expiresAt: NOW_SECONDS + 3600 });
  });

  it('takes iat and exp from the injected clock and round-trips the claims', () => {
    const clock = new FixedClock(new Date('2001-02-03T04:05:06Z'));
    const tokens = accessTokens(clock);
    const { token, expiresAt } = tokens.sign(claims);
    expect(expiresAt).toBe(Date.UTC(2001, 1, 3, 4, 5, 6) / 1000 + 3600);
    expect(tokens.verify(token)).toEqual({
      ...claims,
      role: 'authenticated',
      iss: ISSUER,
      aud: 'authenticated',
      iat: expiresAt - 3600,
      exp: expiresAt,
    });
  });

  it('judges expiry at the injected clock, whether or not the token was verified before', () => {
    const clock = new FixedClock(NOW);
    const { token } = accessTokens(clock).sign(claims);
    const cached = accessTokens(clock);
    expect(cached.verify(token).sub).toBe('user-1');
    clock.advance(3599_000);
    // A fresh instance has nothing cached: jsonwebtoken decides, at the clock's time, not the host's.
    expect(accessTokens(clock).verify(token).sub).toBe('user-1');
    expect(cached.verify(token).sub).toBe('user-1');
    clock.advance(1_000);
    const expired = {
      status: 403,
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    };
    expect(() => accessTokens(clock).verify(token)).toThrow(expect.objectContaining(expired));
    expect(() => cached.verify(token)).toThrow(expect.objectContaining(expired));
  });

  it('refuses a token whose signature was changed, even while the genuine one is cached', () => {
    const tokens = accessTokens();
    const { token } = tokens.sign(claims);
    tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${segment({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' })}.${signature}`;
    expect(() => tokens.verify(forged)).toThrow(
      expect.objectContaining({
        code: 'bad_jwt',
        message: 'invalid JWT: unable to parse or verify signature, signature verification failed',
      }),
    );
    expect(() => accessTokens(new FixedClock(NOW), 'another-secret-another-secret-another-1').verify(token)).toThrow(
      expect.objectContaining({ code: 'bad_jwt' }),
    );
  });

  // The detail after "invalid JWT: unable to parse or verify signature, " for each way a token fails,
  // as the api answered before it used jsonwebtoken.
  it.each([
    ['the anon key', 'sb_publishable_0123456789', 'Invalid Compact JWS'],
    ['two segments', 'abc.def', 'Invalid Compact JWS'],
    ['four segments', 'a.b.c.d', 'Invalid Compact JWS'],
    ['a header that is not JSON', `${segment('not json')}.${segment(valid)}.c2ln`, 'JWS Protected Header is invalid'],
    [
      'a header without alg',
      handSigned({ typ: 'JWT' }, valid),
      'JWS "alg" (Algorithm) Header Parameter missing or invalid',
    ],
    [
      'an unsigned token (alg none)',
      `${segment({ alg: 'none' })}.${segment(valid)}.`,
      '"alg" (Algorithm) Header Parameter value not allowed',
    ],
    [
      'another algorithm',
      `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment(valid)}.c2ln`,
      '"alg" (Algorithm) Header Parameter value not allowed',
    ],
    ['HS512', handSigned({ alg: 'HS512', typ: 'JWT' }, valid), '"alg" (Algorithm) Header Parameter value not allowed'],
    ['a wrong signature', `${segment(HS256)}.${segment(valid)}.AAAA`, 'signature verification failed'],
    ['claims that are not base64url', `${segment(HS256)}.@@@.c2ln`, 'signature verification failed'],
    ['an empty signature', `${segment(HS256)}.${segment(valid)}.`, 'signature verification failed'],
    ['another secret', handSigned(HS256, valid, 'not-the-secret'), 'signature verification failed'],
    ['claims that are a JSON array', handSigned(HS256, [1, 2]), 'JWT Claims Set must be a top-level JSON object'],
    ['claims that are not JSON', handSigned(HS256, 'hello'), 'JWT Claims Set must be a top-level JSON object'],
    ['claims that are null', handSigned(HS256, 'null'), 'JWT Claims Set must be a top-level JSON object'],
    [
      'an expired token',
      handSigned(HS256, { ...valid, exp: NOW_SECONDS }),
      'token has invalid claims: token is expired',
    ],
    ['a text exp', handSigned(HS256, { ...valid, exp: 'soon' }), '"exp" claim must be a number'],
    ['a future nbf', handSigned(HS256, { ...valid, nbf: NOW_SECONDS + 10 }), '"nbf" claim timestamp check failed'],
    ['a text nbf', handSigned(HS256, { ...valid, nbf: 'now' }), '"nbf" claim must be a number'],
    [
      'another issuer',
      handSigned(HS256, { ...valid, iss: 'https://elsewhere.example/auth/v1' }),
      'unexpected "iss" claim value',
    ],
    ['no issuer', handSigned(HS256, { ...valid, iss: undefined }), 'missing required "iss" claim'],
    ['another audience', handSigned(HS256, { ...valid, aud: 'anon' }), 'unexpected "aud" claim value'],
    ['no audience', handSigned(HS256, { ...valid, aud: undefined }), 'missing required "aud" claim'],
    ['no sub', handSigned(HS256, { ...valid, sub: undefined }), 'invalid claim: missing sub claim'],
    ['no session_id', handSigned(HS256, { ...valid, session_id: undefined }), 'invalid claim: missing sub claim'],
  ])('refuses %s with 403 bad_jwt and its own message', (_case, token, detail) => {
    expect(() => accessTokens().verify(token)).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'bad_jwt',
        message: `invalid JWT: unable to parse or verify signature, ${detail}`,
      }),
    );
  });
});
