/** Phoenix channel frames as /realtime/v1 speaks them (contract §1-§2). */

export type Vsn = '1.0.0' | '2.0.0';

/** One frame, whichever serializer carried it. `payload` is parsed JSON, or for a binary broadcast `{type, event, payload: Buffer}`. */
export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast's user payload: JSON, or raw bytes (binary frames of vsn 2.0.0 only). */
export type BroadcastBody = { json: unknown } | { bytes: Buffer };

export const TOPIC_PREFIX = 'realtime:';

/**
 * What clients broadcast is named `client:<name>` (typing is `client:typing`); every other name is the
 * server's, so a member cannot send what looks like a server event. realtime-js matches names
 * case-insensitively, and so does this check.
 */
export const CLIENT_EVENT_PREFIX = 'client:';

export function isClientEvent(event: string): boolean {
  return (
    event.length > CLIENT_EVENT_PREFIX.length &&
    event.slice(0, CLIENT_EVENT_PREFIX.length).toLowerCase() === CLIENT_EVENT_PREFIX
  );
}

export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  broadcast: 'broadcast',
  presence: 'presence',
  presenceState: 'presence_state',
  presenceDiff: 'presence_diff',
  system: 'system',
} as const;

/** Limits of our rule (contract §4, §5, §7). */
export const LIMITS = {
  frameBytes: 1024 * 1024,
  payloadBytes: 256 * 1024,
  channelsPerSocket: 100,
  presenceMetaBytes: 16 * 1024,
  tracksPerWindow: 5,
  trackWindowMs: 30_000,
  /** Join attempts per socket and window: a reconnect rejoins up to 100 channels at once, and each costs a token check. */
  joinsPerWindow: 200,
  joinWindowMs: 10_000,
  /** A socket's broadcasts on their way to the bus before its next frames wait for them. */
  broadcastsInFlight: 256,
  /**
   * Client broadcasts and presence messages per socket: a token bucket refilled at this rate, holding
   * at most `eventBurst`. An event beyond it is dropped and answered with an error; `droppedEventsToClose`
   * drops within `dropWindowMs` close every channel of the socket (`system` + `phx_close`) and the socket.
   */
  eventsPerSecond: 25,
  eventBurst: 50,
  droppedEventsToClose: 50,
  dropWindowMs: 10_000,
  /** Frames waiting behind a slow join check before the socket is closed as flooding. */
  queuedFrames: 1_000,
  /** Bytes waiting to reach a slow client before its socket is closed. */
  bufferedBytes: 8 * 1024 * 1024,
} as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}
