import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { RealtimeMetrics } from '../realtime.metrics.js';
import { LIMITS } from '../protocol/frames.js';
import { ClientSocket } from './client-socket.js';

/** takeEvent only reads the clock it is given: the socket and its hooks are never used here. */
function socket(): ClientSocket {
  const hooks = { route: async () => undefined, closed: async () => undefined, onError: () => undefined };
  // A socket already closed: the idle timer that fires after the test (in whichever suite the worker runs then) does nothing.
  const ws = Object.assign(new EventEmitter(), {
    readyState: 3,
    OPEN: 1,
    CONNECTING: 0,
    close: () => undefined,
    terminate: () => undefined,
  });
  const made = new ClientSocket(ws as unknown as WebSocket, '2.0.0', 60_000, {} as RealtimeMetrics, hooks);
  return made;
}
const take = (client: ClientSocket, at: number, count: number) =>
  Array.from({ length: count }, () => client.takeEvent(at));

describe("a socket's allowance of client events", () => {
  it('lets a burst of 50 through, drops the next, and refills at 25 a second', () => {
    const client = socket();
    expect(take(client, 1_000, LIMITS.eventBurst).every((verdict) => verdict === 'ok')).toBe(true);
    expect(client.takeEvent(1_000)).toBe('dropped');
    // 400 ms refill 10 events, no more.
    expect(take(client, 1_400, 10).every((verdict) => verdict === 'ok')).toBe(true);
    expect(client.takeEvent(1_400)).toBe('dropped');
    // A long pause refills to the burst, never beyond.
    expect(take(client, 60_000, LIMITS.eventBurst).every((verdict) => verdict === 'ok')).toBe(true);
    expect(client.takeEvent(60_000)).toBe('dropped');
  });

  it('calls the 50th drop within 10 s abusive, and forgets drops of an earlier window', () => {
    const client = socket();
    take(client, 0, LIMITS.eventBurst);
    expect(take(client, 0, LIMITS.droppedEventsToClose - 1).every((verdict) => verdict === 'dropped')).toBe(true);
    expect(client.takeEvent(0)).toBe('abusive');

    const patient = socket();
    take(patient, 0, LIMITS.eventBurst);
    take(patient, 0, LIMITS.droppedEventsToClose - 1);
    // Next window: the count starts again (and the bucket refilled meanwhile).
    take(patient, LIMITS.dropWindowMs, LIMITS.eventBurst);
    expect(
      take(patient, LIMITS.dropWindowMs, LIMITS.droppedEventsToClose - 1).every((verdict) => verdict === 'dropped'),
    ).toBe(true);
  });
});
