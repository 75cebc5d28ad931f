import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startTestPlatform, waitFor, type TestPlatform } from '#app/testing';
import { notifyEach, pruneStoredEnvelopes, readStoredEnvelope, storeAndNotify } from './bus-messages.repository.js';

let platform: TestPlatform;
let publisher: pg.Client;
let listener: pg.Client;
const channel = `bus_test_${randomBytes(4).toString('hex')}`;
const heard: string[] = [];

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false });
  publisher = new pg.Client({ connectionString: platform.config.DATABASE_URL });
  listener = new pg.Client({ connectionString: platform.config.DATABASE_URL });
  await Promise.all([publisher.connect(), listener.connect()]);
  listener.on('notification', (notification) => heard.push(notification.payload ?? ''));
  await listener.query(`listen ${channel}`);
});

afterAll(async () => {
  await Promise.all([publisher?.end(), listener?.end()]);
  await platform?.close();
});

describe('the PostgreSQL bus statements', () => {
  it('notifies a run of envelopes in one statement, in order', async () => {
    heard.length = 0;
    await notifyEach(publisher, channel, ['1 one', '2 two', '3 three']);
    await waitFor(() => heard.length >= 3, { timeoutMs: 5000, what: 'the notifications' });
    expect(heard).toEqual(['1 one', '2 two', '3 three']);
  });

  it('stores a large envelope, notifies its row id after the marker, and prunes it once it is old', async () => {
    heard.length = 0;
    const envelope = JSON.stringify({ text: 'x'.repeat(10_000) });
    await storeAndNotify(publisher, channel, '#', envelope);
    await waitFor(() => heard.length >= 1, { timeoutMs: 5000, what: 'the notification' });
    expect(heard[0]).toMatch(/^#\d+$/);
    const id = heard[0].slice(1);
    expect(await readStoredEnvelope(listener, id)).toBe(envelope);

    const em = platform.api.get(MikroORM).em.fork();
    await pruneStoredEnvelopes(em, 300);
    expect(await readStoredEnvelope(listener, id)).toBe(envelope);
    await pruneStoredEnvelopes(em, 0);
    expect(await readStoredEnvelope(listener, id)).toBeUndefined();
  });
});
