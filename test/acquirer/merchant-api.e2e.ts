import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, startSandboxAcquirer, type SandboxAcquirer } from '#app/testing';
import { verifyWebhookSignature } from '#app/sandbox-acquirer';
import { card, key, pageHtml, postForm, sessionBody, WebhookReceiver } from './support.js';

const OLD_SECRET = 'whsec_old_rotating_secret_0001';
const NEW_SECRET = 'whsec_new_rotating_secret_0002';

describe('sandbox acquirer: merchant API', () => {
  let acq: SandboxAcquirer;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    acq = await startSandboxAcquirer({ webhookUrl: receiver.url, webhookSecrets: [OLD_SECRET, NEW_SECRET] });
  });
  afterAll(async () => {
    await acq?.close();
    await receiver.stop();
  });

  const createSession = async (overrides: Record<string, unknown> = {}) => {
    const response = await acq.request('POST', '/v1/checkout_sessions', sessionBody(overrides), {
      'idempotency-key': key('cs'),
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  it('refuses calls without the secret key', async () => {
    for (const authorization of [null, 'Bearer sk_test_wrong_key_123456', 'Basic abc']) {
      const response = await acq.request('GET', '/v1/checkout_sessions/cs_x', undefined, { authorization });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { type: 'authentication_required', message: expect.any(String) } });
    }
    const test = await acq.request('POST', '/v1/test/webhook_chaos', { duplicates: true }, { authorization: null });
    expect(test.status).toBe(401);
  });

  it('validates a new checkout session and requires an Idempotency-Key', async () => {
    const missing = await acq.request('POST', '/v1/checkout_sessions', sessionBody());
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('Idempotency-Key');
    const bad = await acq.request('POST', '/v1/checkout_sessions', sessionBody({ amount: 12.5 }), {
      'idempotency-key': key(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ type: 'invalid_request', param: 'amount' });
    const badUrl = await acq.request(
      'POST',
      '/v1/checkout_sessions',
      sessionBody({ success_url: 'javascript:alert(1)' }),
      { 'idempotency-key': key() },
    );
    expect(badUrl.body.error.param).toBe('success_url');
  });

  it('answers a replayed request with the same session and a changed one with 409', async () => {
    const idempotencyKey = key('replay');
    const body = sessionBody();
    const first = await acq.request('POST', '/v1/checkout_sessions', body, { 'idempotency-key': idempotencyKey });
    const again = await acq.request(
      'POST',
      '/v1/checkout_sessions',
      { ...body },
      { 'idempotency-key': idempotencyKey },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const conflict = await acq.request(
      'POST',
      '/v1/checkout_sessions',
      { ...body, amount: 1 },
      { 'idempotency-key': idempotencyKey },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.type).toBe('idempotency_conflict');
  });

  it('creates a session, takes the payment on the hosted page and reports it by signed webhooks', async () => {
    const session = await createSession({ customer: 'fan-1', save_card: true });
    expect(session).toMatchObject({
      object: 'checkout_session',
      status: 'open',
      amount: 1299,
      currency: 'EUR',
      payment: null,
      url: `${acq.url}/pay/${session.id}`,
    });
    expect(new Date(session.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Premium photo set by Mia');
    expect(html).toContain('€12.99');

    const paid = await postForm(session.url, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://shop.example/checkout/success?session_id=${session.id}`);

    const fetched = (await acq.request('GET', `/v1/checkout_sessions/${session.id}`)).body;
    expect(fetched.status).toBe('complete');
    expect(fetched.payment).toMatchObject({
      status: 'succeeded',
      amount: 1299,
      currency: 'EUR',
      reference: session.reference,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      payment_method: expect.stringMatching(/^pm_/),
    });
    expect((await acq.request('GET', `/v1/payments/${fetched.payment.id}`)).body).toEqual(fetched.payment);

    const completed = await receiver.waitFor(
      'checkout_session.completed',
      (event) => (event.data as { id: string }).id === session.id,
    );
    const succeeded = await receiver.waitFor(
      'payment.succeeded',
      (event) => (event.data as { id: string }).id === fetched.payment.id,
    );
    expect(completed.event.data).toMatchObject({
      id: session.id,
      reference: session.reference,
      amount: 1299,
      currency: 'EUR',
      payment: { id: fetched.payment.id },
    });
    expect(succeeded.event.data).toMatchObject({ amount: 1299, currency: 'EUR', reference: session.reference });
    for (const delivery of [completed, succeeded]) {
      expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(delivery.rawBody, delivery.signature, [OLD_SECRET])).toMatchObject({ valid: true });
      expect(verifyWebhookSignature(delivery.rawBody, delivery.signature, [NEW_SECRET])).toMatchObject({ valid: true });
      expect(verifyWebhookSignature(delivery.rawBody, delivery.signature, ['whsec_someone_else_000000'])).toMatchObject(
        { valid: false },
      );
    }

    const again = await fetch(session.url);
    expect(await again.text()).toContain('Payment complete');
  });

  it('keeps the session open after a decline, and a retry with another card succeeds', async () => {
    const session = await createSession();
    const declined = await postForm(session.url, card('4000 0000 0000 9995'));
    expect(declined.status).toBe(303);
    expect(declined.location).toMatch(new RegExp(`^/pay/${session.id}\\?declined=pay_`));
    const page = await pageHtml(`${acq.url}${declined.location}`);
    expect(page).toContain('Your card has insufficient funds.');
    const failedId = new URL(declined.location!, acq.url).searchParams.get('declined')!;
    expect((await acq.request('GET', `/v1/payments/${failedId}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
      checkout_session: session.id,
    });
    expect((await acq.request('GET', `/v1/checkout_sessions/${session.id}`)).body.status).toBe('open');
    await receiver.waitFor('payment.failed', (event) => (event.data as { id: string }).id === failedId);

    for (const [number, code] of [
      ['4000000000000002', 'card_declined'],
      ['4100000000000019', 'fraudulent'],
    ]) {
      const again = await postForm(session.url, card(number));
      const id = new URL(again.location!, acq.url).searchParams.get('declined')!;
      expect((await acq.request('GET', `/v1/payments/${id}`)).body.failure_code).toBe(code);
    }

    const retry = await postForm(session.url, card('5555 5555 5555 4444'));
    expect(retry.location).toContain(`session_id=${session.id}`);
    const done = (await acq.request('GET', `/v1/checkout_sessions/${session.id}`)).body;
    expect(done).toMatchObject({
      status: 'complete',
      payment: { status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } },
    });
  });

  it('shows field messages for a card that fails its own checks, without charging', async () => {
    const session = await createSession();
    const answer = await postForm(session.url, {
      number: '4242 4242 4242 4241',
      expiry: '01 / 20',
      cvc: '1',
      name: '',
    });
    expect(answer.status).toBe(422);
    expect(answer.html).toContain('Your card number is incomplete or incorrect.');
    expect(answer.html).toContain("Your card's expiry date is in the past.");
    expect(answer.html).toContain('The security code is 3 or 4 digits.');
    expect(answer.html).toContain('Enter the name on your card.');
    expect((await acq.request('GET', `/v1/checkout_sessions/${session.id}`)).body.status).toBe('open');
  });

  it('runs 3-D Secure over HTTP: the right code pays, a wrong code or cancel declines', async () => {
    const session = await createSession();
    const challenged = await postForm(session.url, card('4000 0000 0000 3220'));
    expect(challenged.location).toMatch(/^\/3ds\/auth_/);
    const page = await pageHtml(`${acq.url}${challenged.location}`);
    expect(page).toContain("Your bank wants to confirm it's you");
    const wrong = await postForm(`${acq.url}${challenged.location}`, { code: '000000', action: 'confirm' });
    expect(wrong.location).toMatch(/\?declined=pay_/);
    expect(await pageHtml(`${acq.url}${wrong.location}`)).toContain("We couldn't confirm it's you with your bank.");

    const second = await postForm(session.url, card('4000 0000 0000 3220'));
    const cancelled = await postForm(`${acq.url}${second.location}`, { code: '', action: 'cancel' });
    expect(cancelled.location).toMatch(/\?declined=pay_/);

    const third = await postForm(session.url, card('4000 0000 0000 3220'));
    const passed = await postForm(`${acq.url}${third.location}`, { code: '123456', action: 'confirm' });
    expect(passed.location).toContain(`session_id=${session.id}`);
    // A challenge answers once.
    expect((await postForm(`${acq.url}${third.location}`, { code: '123456', action: 'confirm' })).location).toBe(
      `/pay/${session.id}`,
    );

    const failing = await createSession();
    const challenge = await postForm(failing.url, card('4000 0084 0000 1629'));
    const afterCode = await postForm(`${acq.url}${challenge.location}`, { code: '123456', action: 'confirm' });
    const failedId = new URL(afterCode.location!, acq.url).searchParams.get('declined')!;
    expect((await acq.request('GET', `/v1/payments/${failedId}`)).body.failure_code).toBe('card_declined');
  });

  it('charges a saved card without the customer (renewals), and reports a decline as a failed payment', async () => {
    const session = await createSession({ customer: 'fan-mit', save_card: true });
    await postForm(session.url, card('4242424242424242', { expiry: '09/33' }));
    const methods = (await acq.request('GET', '/v1/customers/fan-mit/payment_methods')).body;
    expect(methods).toEqual({
      object: 'list',
      data: [
        expect.objectContaining({
          id: expect.stringMatching(/^pm_/),
          customer: 'fan-mit',
          card: { brand: 'visa', last4: '4242', exp_month: 9, exp_year: 2033 },
        }),
      ],
    });
    const method = methods.data[0].id;

    const chargeBody = {
      customer: 'fan-mit',
      payment_method: method,
      amount: 499,
      currency: 'EUR',
      reference: 'renewal-2026-12',
    };
    const idempotencyKey = key('mit');
    const charged = await acq.request('POST', '/v1/payments', chargeBody, { 'idempotency-key': idempotencyKey });
    expect(charged.status).toBe(201);
    expect(charged.body).toMatchObject({
      status: 'succeeded',
      initiated_by: 'merchant',
      amount: 499,
      payment_method: method,
      checkout_session: null,
    });
    const replay = await acq.request('POST', '/v1/payments', chargeBody, { 'idempotency-key': idempotencyKey });
    expect(replay.body.id).toBe(charged.body.id);
    await receiver.waitFor('payment.succeeded', (event) => (event.data as { id: string }).id === charged.body.id);

    expect(
      (await acq.request('POST', `/v1/test/payment_methods/${method}/decline`, { code: 'insufficient_funds' })).status,
    ).toBe(200);
    const declined = await acq.request(
      'POST',
      '/v1/payments',
      { ...chargeBody, reference: 'renewal-2027-01' },
      { 'idempotency-key': key('mit') },
    );
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
      failure_message: expect.any(String),
    });
    await receiver.waitFor('payment.failed', (event) => (event.data as { id: string }).id === declined.body.id);

    const unknown = await acq.request(
      'POST',
      '/v1/payments',
      { ...chargeBody, payment_method: 'pm_nope' },
      { 'idempotency-key': key('mit') },
    );
    expect(unknown.status).toBe(404);
    const otherCustomer = await acq.request(
      'POST',
      '/v1/payments',
      { ...chargeBody, customer: 'someone-else' },
      { 'idempotency-key': key('mit') },
    );
    expect(otherCustomer.status).toBe(404);

    const removed = await acq.request('DELETE', `/v1/customers/fan-mit/payment_methods/${method}`);
    expect(removed.body).toEqual({ id: method, object: 'payment_method', deleted: true });
    expect((await acq.request('GET', '/v1/customers/fan-mit/payment_methods')).body.data).toEqual([]);
    expect((await acq.request('DELETE', `/v1/customers/fan-mit/payment_methods/${method}`)).status).toBe(404);
  });

  it('refunds a payment in full, once, however often it is asked', async () => {
    const session = await createSession();
    await postForm(session.url, card('4242424242424242'));
    const paymentId = (await acq.request('GET', `/v1/checkout_sessions/${session.id}`)).body.payment.id;
    const first = await acq.request('POST', `/v1/payments/${paymentId}/refunds`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      object: 'refund',
      payment: paymentId,
      amount: 1299,
      currency: 'EUR',
      reference: session.reference,
    });
    const second = await acq.request('POST', `/v1/payments/${paymentId}/refunds`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await acq.request('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'refunded',
      refund: first.body.id,
    });
    const refunded = await receiver.waitFor(
      'payment.refunded',
      (event) => (event.data as { id: string }).id === paymentId,
    );
    expect(refunded.event.data).toMatchObject({
      amount: 1299,
      currency: 'EUR',
      reference: session.reference,
      refund: first.body.id,
    });
    await acq.tick();
    expect(
      receiver.accepted('payment.refunded').filter((item) => (item.event.data as { id: string }).id === paymentId),
    ).toHaveLength(1);
    expect((await acq.request('POST', '/v1/payments/pay_missing/refunds')).status).toBe(404);
  });

  it('expires a session on request and when its time runs out, and reports it', async () => {
    const session = await createSession();
    const expired = await acq.request('POST', `/v1/test/checkout_sessions/${session.id}/expire`);
    expect(expired.body.status).toBe('expired');
    await receiver.waitFor('checkout_session.expired', (event) => (event.data as { id: string }).id === session.id);
    expect(await (await fetch(session.url)).text()).toContain('This checkout has expired');
    expect((await postForm(session.url, card('4242424242424242'))).location).toBe(`/pay/${session.id}`);

    const short = await startSandboxAcquirer({
      webhookUrl: receiver.url,
      webhookSecrets: [NEW_SECRET],
      env: { ACQUIRER_SESSION_TTL_SECONDS: '1' },
    });
    try {
      const created = await short.request('POST', '/v1/checkout_sessions', sessionBody(), { 'idempotency-key': key() });
      await receiver.waitFor(
        'checkout_session.expired',
        (event) => (event.data as { id: string }).id === created.body.id,
        5_000,
      );
      expect((await short.request('GET', `/v1/checkout_sessions/${created.body.id}`)).body.status).toBe('expired');
    } finally {
      await short.close();
    }
  });

  it('creates a crypto invoice with a Solana address and confirms it after the required confirmations', async () => {
    const idempotencyKey = key('ci');
    const created = await acq.request(
      'POST',
      '/v1/crypto_invoices',
      { amount: 999, currency: 'EUR', reference: 'tip-42' },
      { 'idempotency-key': idempotencyKey },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'crypto_invoice',
      status: 'awaiting_payment',
      network: 'solana',
      token_amount: 1079,
      confirmations: 0,
      required_confirmations: 3,
    });
    expect(created.body.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(
      (
        await acq.request(
          'POST',
          '/v1/crypto_invoices',
          { amount: 999, currency: 'EUR', reference: 'tip-42' },
          { 'idempotency-key': idempotencyKey },
        )
      ).body.id,
    ).toBe(created.body.id);
    expect(
      (
        await acq.request(
          'POST',
          '/v1/crypto_invoices',
          { amount: 999, currency: 'JPY', reference: 'x' },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(400);

    const id = created.body.id;
    expect((await acq.request('POST', `/v1/test/crypto_invoices/${id}/confirmations`)).status).toBe(409);
    expect((await acq.request('POST', `/v1/test/crypto_invoices/${id}/pay`)).body).toMatchObject({
      status: 'confirming',
      confirmations: 0,
    });
    expect((await acq.request('POST', `/v1/test/crypto_invoices/${id}/confirmations`)).body.confirmations).toBe(1);
    expect((await acq.request('POST', `/v1/test/crypto_invoices/${id}/confirmations`)).body.confirmations).toBe(2);
    expect(
      receiver.accepted('crypto_invoice.confirmed').some((item) => (item.event.data as { id: string }).id === id),
    ).toBe(false);
    expect((await acq.request('POST', `/v1/test/crypto_invoices/${id}/confirmations`)).body).toMatchObject({
      status: 'confirmed',
      confirmations: 3,
    });
    const confirmed = await receiver.waitFor(
      'crypto_invoice.confirmed',
      (event) => (event.data as { id: string }).id === id,
    );
    expect(confirmed.event.data).toMatchObject({
      amount: 999,
      currency: 'EUR',
      reference: 'tip-42',
      token_amount: 1079,
    });
  });

  it('confirms crypto payments with time when a confirmation interval is set', async () => {
    const timed = await startSandboxAcquirer({
      webhookUrl: receiver.url,
      webhookSecrets: [NEW_SECRET],
      env: { ACQUIRER_CRYPTO_CONFIRMATION_MS: '50', ACQUIRER_CRYPTO_CONFIRMATIONS: '2' },
    });
    try {
      const created = await timed.request(
        'POST',
        '/v1/crypto_invoices',
        { amount: 100, currency: 'USD', reference: 'tip-time' },
        { 'idempotency-key': key() },
      );
      await timed.request('POST', `/v1/test/crypto_invoices/${created.body.id}/pay`);
      await eventually(
        async () => (await timed.request('GET', `/v1/crypto_invoices/${created.body.id}`)).body.status,
        (status) => status === 'confirmed',
      );
      await receiver.waitFor(
        'crypto_invoice.confirmed',
        (event) => (event.data as { id: string }).id === created.body.id,
      );
    } finally {
      await timed.close();
    }
  });
});
