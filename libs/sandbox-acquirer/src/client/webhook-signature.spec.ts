import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature.js';

const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', data: { amount: 999 } });
const t = 1_900_000_000;
const oldSecret = 'whsec_old_0123456789abcdef';
const newSecret = 'whsec_new_0123456789abcdef';

describe('webhook signatures', () => {
  it('sign "t.<body>" with HMAC-SHA256, one v1 per secret', () => {
    const header = signWebhookPayload(body, [oldSecret, newSecret], t);
    const expected = (secret: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected(oldSecret)},v1=${expected(newSecret)}`);
  });

  it('verify with either secret during a rotation', () => {
    const header = signWebhookPayload(body, [oldSecret, newSecret], t);
    expect(verifyWebhookSignature(body, header, [oldSecret], { now: t })).toEqual({ valid: true, timestamp: t });
    expect(verifyWebhookSignature(body, header, [newSecret], { now: t + 10 })).toEqual({ valid: true, timestamp: t });
    expect(
      verifyWebhookSignature(body, signWebhookPayload(body, [newSecret], t), [oldSecret, newSecret], { now: t }),
    ).toEqual({ valid: true, timestamp: t });
  });

  it('refuse another secret, a changed body, an old timestamp and a malformed header', () => {
    const header = signWebhookPayload(body, [oldSecret], t);
    expect(verifyWebhookSignature(body, header, ['whsec_other_0123456789'], { now: t })).toEqual({
      valid: false,
      reason: 'no_matching_signature',
    });
    expect(verifyWebhookSignature(`${body} `, header, [oldSecret], { now: t })).toEqual({
      valid: false,
      reason: 'no_matching_signature',
    });
    expect(verifyWebhookSignature(body, header, [oldSecret], { now: t + 301 })).toEqual({
      valid: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(verifyWebhookSignature(body, header, [oldSecret], { now: t + 3000, toleranceSeconds: 3600 }).valid).toBe(
      true,
    );
    expect(verifyWebhookSignature(body, undefined, [oldSecret], { now: t })).toEqual({
      valid: false,
      reason: 'missing_header',
    });
    expect(verifyWebhookSignature(body, 'v1=abc', [oldSecret], { now: t })).toEqual({
      valid: false,
      reason: 'malformed_header',
    });
    expect(verifyWebhookSignature(body, `t=${t}`, [oldSecret], { now: t })).toEqual({
      valid: false,
      reason: 'malformed_header',
    });
  });
});
