import { describe, expect, it } from '@jest/globals';
import { FixedClock, type AppConfig } from '#app/platform';
import { JwtService } from './jwt.service.js';

const config = { JWT_SECRET: 'unit-test-secret-unit-test-secret-0123', PUBLIC_URL: 'http://localhost:3000', JWT_EXPIRY_SECONDS: 3600 } as AppConfig;
const claims = { sub: 'user-1', email: 'a@example.com', phone: '', app_metadata: {}, user_metadata: {}, aal: 'aal1' as const, amr: [], session_id: 'session-1', is_anonymous: false };

describe('JwtService', () => {
  it('verifies a token again from its cached claims, but not once the clock passes its expiry', async () => {
    const clock = new FixedClock(new Date('2031-05-01T12:00:00Z'));
    const jwt = new JwtService(config, clock);
    const { token } = await jwt.sign(claims);
    expect((await jwt.verify(token)).session_id).toBe('session-1');
    expect((await jwt.verify(token)).sub).toBe('user-1');
    clock.advance(3599_000);
    expect((await jwt.verify(token)).sub).toBe('user-1');
    clock.advance(1_000);
    await expect(jwt.verify(token)).rejects.toThrow('token has invalid claims: token is expired');
  });

  it('refuses a token whose signature was changed, even while the genuine one is cached', async () => {
    const jwt = new JwtService(config, new FixedClock(new Date('2031-05-01T12:00:00Z')));
    const { token } = await jwt.sign(claims);
    await jwt.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' })).toString('base64url')}.${signature}`;
    await expect(jwt.verify(forged)).rejects.toMatchObject({ code: 'bad_jwt' });
    const other = new JwtService({ ...config, JWT_SECRET: 'another-secret-another-secret-another-1' }, new FixedClock(new Date('2031-05-01T12:00:00Z')));
    await expect(other.verify(token)).rejects.toMatchObject({ code: 'bad_jwt' });
  });
});
