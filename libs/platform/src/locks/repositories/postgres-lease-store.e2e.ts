import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { testDatabaseUrl, waitFor } from '#app/testing';
import { PostgresLeaseStore } from './postgres-lease-store.js';

const namespace = `test_${randomBytes(4).toString('hex')}`;
let reader: pg.Client;
const stores: PostgresLeaseStore[] = [];
const store = () => {
  const made = new PostgresLeaseStore(testDatabaseUrl());
  stores.push(made);
  return made;
};
const held = async (key: string) =>
  (await reader.query(`select token from lease_locks where namespace = $1 and key = $2`, [namespace, key])).rows;

beforeAll(async () => {
  reader = new pg.Client({ connectionString: testDatabaseUrl() });
  await reader.connect();
});

afterAll(async () => {
  await Promise.all(stores.map((made) => made.close()));
  await reader?.end();
});

describe('the PostgreSQL lease store', () => {
  it('takes a free lock once, renews and releases it only for its token, and takes over an expired lease', async () => {
    const locks = store();
    const [mine, theirs] = [randomUUID(), randomUUID()];
    expect(await locks.tryAcquire(namespace, 'a', mine, 10_000)).toBe(true);
    expect(await locks.tryAcquire(namespace, 'a', theirs, 10_000)).toBe(false);
    expect(await locks.renew(namespace, 'a', theirs, 10_000)).toBe(false);
    expect(await locks.renew(namespace, 'a', mine, 10_000)).toBe(true);
    expect(await locks.release(namespace, 'a', theirs)).toBe(false);
    expect(await locks.release(namespace, 'a', mine)).toBe(true);
    expect(await held('a')).toEqual([]);

    expect(await locks.tryAcquire(namespace, 'b', mine, 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await locks.renew(namespace, 'b', mine, 10_000)).toBe(false);
    expect(await locks.tryAcquire(namespace, 'b', theirs, 10_000)).toBe(true);
    expect(await held('b')).toEqual([{ token: theirs }]);
  });

  it('sweeps leases over for an hour when a store first acquires', async () => {
    const token = randomUUID();
    expect(await store().tryAcquire(namespace, 'old', token, -2 * 3600_000)).toBe(true);
    expect(await held('old')).toEqual([{ token }]);
    expect(await store().tryAcquire(namespace, 'other', randomUUID(), 10_000)).toBe(true);
    expect(await held('old')).toEqual([]);
  });

  it('hands a release request to the store listening on the namespace', async () => {
    const heard: string[] = [];
    await store().listen(namespace, (key) => heard.push(key));
    await store().requestRelease(namespace, 'c');
    await waitFor(() => heard.length > 0, { timeoutMs: 5000, what: 'the release request' });
    expect(heard).toEqual(['c']);
  });
});
