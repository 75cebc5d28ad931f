import { describe, expect, it } from '@jest/globals';
import { signatureHeader, verifySignature } from './webhook-signature.js';

describe('sandbox webhook signatures', () => {
  const secret = 'x'.repeat(32);
  const body = '{"id":"evt_1","type":"payment.succeeded"}';
  const now = 1_800_000_000;

  it('accepts its own signature within five minutes', () => {
    expect(verifySignature(secret, signatureHeader(secret, now, body), body, now + 299)).toBe(true);
    expect(verifySignature(secret, signatureHeader(secret, now, body), body, now - 299)).toBe(true);
  });

  it('refuses an old signature, another secret, a changed body and malformed headers', () => {
    expect(verifySignature(secret, signatureHeader(secret, now, body), body, now + 301)).toBe(false);
    expect(verifySignature(secret, signatureHeader('y'.repeat(32), now, body), body, now)).toBe(false);
    expect(verifySignature(secret, signatureHeader(secret, now, body), body.replace('1', '2'), now)).toBe(false);
    for (const header of [undefined, '', 't=abc,v1=00', `t=${now}`, `v1=${'0'.repeat(64)}`]) expect(verifySignature(secret, header, body, now)).toBe(false);
  });
});
