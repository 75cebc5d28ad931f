import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startSandboxAcquirer, testDatabaseUrl, type SandboxAcquirer } from '#app/testing';
import { card, key, postForm, sessionBody, WebhookReceiver } from './support.js';

/** Full card numbers and CVCs this suite types; none may be kept anywhere. */
const NUMBERS = ['4242424242424242', '4000000000009995', '4000000000003220', '5555555555554444'];
const CVC = '987';

describe('sandbox acquirer: card data', () => {
  let acq: SandboxAcquirer;
  const receiver = new WebhookReceiver();
  const logLines: string[] = [];

  beforeAll(async () => {
    await receiver.start();
    acq = await startSandboxAcquirer({ webhookUrl: receiver.url, logSink: (line) => logLines.push(line) });
  });
  afterAll(async () => {
    await acq?.close();
    await receiver.stop();
  });

  it('keeps no card number or CVC in any table of its schema, any log line or any webhook after checkouts', async () => {
    const session = (
      await acq.request('POST', '/v1/checkout_sessions', sessionBody({ customer: 'fan-scan', save_card: true }), {
        'idempotency-key': key(),
      })
    ).body;
    await postForm(session.url, card('4000 0000 0000 9995', { cvc: CVC }));
    const challenge = await postForm(session.url, card('4000-0000-0000-3220', { cvc: CVC }));
    await postForm(`${acq.url}${challenge.location}`, { code: '000000', action: 'confirm' });
    await postForm(session.url, { ...card('4242424242424242', { cvc: CVC }), expiry: '13/99' }); // refused by validation
    const paid = await postForm(session.url, card('4242 4242 4242 4242', { cvc: CVC }));
    expect(paid.location).toContain('session_id=');
    const other = (
      await acq.request('POST', '/v1/checkout_sessions', sessionBody({ customer: 'fan-scan-2', save_card: true }), {
        'idempotency-key': key(),
      })
    ).body;
    expect((await postForm(other.url, card('5555555555554444', { cvc: CVC }))).location).toContain('session_id=');
    await receiver.waitFor('checkout_session.completed', (event) => (event.data as { id: string }).id === other.id);
    expect(logLines.length).toBeGreaterThan(5);

    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = $1`,
        [acq.schema],
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          'payments',
          'payment_methods',
          'checkout_sessions',
          'challenges',
          'events',
          'webhook_deliveries',
        ]),
      );
      let rowsScanned = 0;
      for (const { table_name } of tables) {
        const { rows } = await client.query<{ row: string }>(
          `select t::text as row from "${acq.schema}"."${table_name}" t`,
        );
        rowsScanned += rows.length;
        for (const { row } of rows) {
          for (const number of NUMBERS) expect(row.replace(/[\s-]/g, '')).not.toContain(number);
          // three digits alone may occur in any timestamp, so the CVC is looked for by its name
          expect(row.toLowerCase()).not.toContain('cvc');
        }
      }
      expect(rowsScanned).toBeGreaterThan(10);
      const { rows: saved } = await client.query(
        `select brand, last4, exp_month, exp_year, card_token from "${acq.schema}".payment_methods`,
      );
      expect(saved).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            brand: 'visa',
            last4: '4242',
            card_token: expect.stringMatching(/^tok_[0-9a-f]{24}$/),
          }),
        ]),
      );
    } finally {
      await client.end();
    }

    for (const line of [...logLines, ...receiver.received.map((item) => item.rawBody)]) {
      for (const number of NUMBERS) expect(line.replace(/[\s-]/g, '')).not.toContain(number);
      expect(line.toLowerCase()).not.toContain('cvc');
      expect(line).not.toContain(`"${CVC}"`);
    }
  });
});
