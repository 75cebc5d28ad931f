import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { Metrics } from '#app/platform';
import { startTestPlatform, waitFor, type TestPlatform } from '#app/testing';
import { ANON_KEY, FAST_REALTIME_ENV, quickUser, rawSocket, realtimeClient, subscribe } from './support.js';

/**
 * Caps on /realtime/v1 sockets (issue 33): an address holds a few sockets no user joined on yet (the
 * upgrade is refused with 429 beyond them), an account holds channels on a few sockets (a join on one
 * more is refused); both refusals carry ConnectionRateLimitReached and are counted in /metrics.
 */
const ANONYMOUS_CAP = 3;
const ACCOUNT_CAP = 2;
let platform: TestPlatform;
const open: { close(): unknown }[] = [];

/** An upgrade's answer: the open socket, or the refusal's status and body. */
function upgrade(headers: Record<string, string> = {}): Promise<{ ws: WebSocket } | { status: number; body: string }> {
  const ws = new WebSocket(
    `${platform.baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=2.0.0`,
    { headers },
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      open.push(ws);
      resolve({ ws });
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

async function refusedCount(cap: 'address' | 'account'): Promise<number> {
  const text = await platform.api.get(Metrics).text();
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith(`fanmint_realtime_connections_refused_total{cap="${cap}"} `));
  return Number(line?.split(' ')[1] ?? 0);
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  await waitFor(check, { timeoutMs: 5000, intervalMs: 20, what });
}

const connections = async () => {
  const text = await platform.api.get(Metrics).text();
  return Number(
    text
      .split('\n')
      .find((line) => line.startsWith('fanmint_realtime_connections '))
      ?.split(' ')[1],
  );
};

beforeAll(async () => {
  platform = await startTestPlatform({
    worker: false,
    acquirer: false,
    env: {
      ...FAST_REALTIME_ENV,
      REALTIME_IDLE_TIMEOUT_MS: '60000',
      REALTIME_ANONYMOUS_SOCKETS_PER_ADDRESS: String(ANONYMOUS_CAP),
      REALTIME_SOCKETS_PER_ACCOUNT: String(ACCOUNT_CAP),
    },
  });
});

afterAll(async () => {
  for (const socket of open) socket.close();
  await platform?.close();
});

describe('realtime connection caps', () => {
  it('refuses an address its anonymous sockets beyond the cap (429), reads it behind the proxy as HTTP does, and frees a place on close', async () => {
    const sockets = await Promise.all(Array.from({ length: ANONYMOUS_CAP }, () => rawSocket(platform.baseUrl)));
    open.push(...sockets);
    const refusal = {
      status: 429,
      body: JSON.stringify({ error: 'ConnectionRateLimitReached: Too many connections from this address' }),
    };
    expect(await upgrade()).toEqual(refusal);
    // The suites run with TRUST_PROXY: the left-most X-Forwarded-For entry is the client, with its own allowance.
    const proxied = { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' };
    const behindProxy = await Promise.all(Array.from({ length: ANONYMOUS_CAP }, () => upgrade(proxied)));
    expect(behindProxy.every((answer) => 'ws' in answer)).toBe(true);
    expect(await upgrade(proxied)).toEqual(refusal);
    expect(await refusedCount('address')).toBe(2);

    sockets[0].close();
    await eventually(async () => (await connections()) === 2 * ANONYMOUS_CAP - 1, 'the closed socket forgotten');
    const again = await upgrade();
    expect('ws' in again).toBe(true);
    for (const answer of [...behindProxy, again]) if ('ws' in answer) answer.ws.close();
    for (const socket of sockets) socket.close();
    await eventually(async () => (await connections()) === 0, 'every socket closed');
  });

  it('a socket a user joined on no longer counts as anonymous; an account joins on at most its cap of sockets', async () => {
    const user = await quickUser(platform);
    const joined = [];
    for (let n = 0; n < ACCOUNT_CAP; n++) {
      const { client } = realtimeClient(platform.baseUrl, { token: user.token });
      open.push({ close: () => client.disconnect() });
      expect((await subscribe(client.channel(`user:${user.userId}`, { config: { private: true } }))).status).toBe(
        'SUBSCRIBED',
      );
      joined.push(client);
    }
    // Both joined sockets left the address's anonymous count: all its anonymous places are free.
    const anonymous = await Promise.all(Array.from({ length: ANONYMOUS_CAP }, () => upgrade()));
    expect(anonymous.every((answer) => 'ws' in answer)).toBe(true);
    for (const answer of anonymous) if ('ws' in answer) answer.ws.close();
    await eventually(async () => (await connections()) === ACCOUNT_CAP, 'the anonymous sockets closed');

    const { client: third } = realtimeClient(platform.baseUrl, { token: user.token });
    open.push({ close: () => third.disconnect() });
    const extra = third.channel(`user:${user.userId}`, { config: { private: true } });
    const answer = await subscribe(extra);
    await third.removeChannel(extra);
    expect(answer.status).toBe('CHANNEL_ERROR');
    expect(answer.error?.message).toBe('ConnectionRateLimitReached: Too many connections for this account');
    expect(await refusedCount('account')).toBe(1);

    await joined[1].disconnect();
    await eventually(async () => (await connections()) === ACCOUNT_CAP, 'the second socket closed');
    expect((await subscribe(third.channel(`user:${user.userId}`, { config: { private: true } }))).status).toBe(
      'SUBSCRIBED',
    );
  });
});
