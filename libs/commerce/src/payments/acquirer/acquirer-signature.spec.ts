import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { verifyAcquirerSignature } from './acquirer-signature.js';

const body = '{"id":"evt_1","type":"payment.succeeded"}';
const now = 1_900_000_000;
const v1 = (secret: string, t = now, payload = body) =>
  `v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

describe('the acquirer webhook signature', () => {
  it('accepts any of our secrets, in any v1 of the header, within five minutes', () => {
    expect(verifyAcquirerSignature(body, `t=${now},${v1('old-secret')}`, ['old-secret', 'new-secret'], now + 299)).toBe(
      true,
    );
    expect(
      verifyAcquirerSignature(body, `t=${now},${v1('unknown')},${v1('new-secret')}`, ['new-secret'], now - 299),
    ).toBe(true);
  });

  it('refuses an old timestamp, another secret, a changed body and malformed headers', () => {
    expect(verifyAcquirerSignature(body, `t=${now},${v1('s')}`, ['s'], now + 301)).toBe(false);
    expect(verifyAcquirerSignature(body, `t=${now},${v1('other')}`, ['s'], now)).toBe(false);
    expect(verifyAcquirerSignature(`${body} `, `t=${now},${v1('s')}`, ['s'], now)).toBe(false);
    for (const header of [
      undefined,
      '',
      `t=${now}`,
      v1('s'),
      `t=abc,${v1('s')}`,
      `t=${now},v1=00`,
      `t=${now}=1,${v1('s')}`,
    ]) {
      expect(verifyAcquirerSignature(body, header, ['s'], now)).toBe(false);
    }
  });
});
