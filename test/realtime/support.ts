import { createHmac, randomUUID } from 'node:crypto';
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import { generate } from 'otplib';
import WebSocket from 'ws';
import type { TopicAccess, TopicPolicy } from '#app/realtime';
import {
  authClient,
  changeRole,
  markTotpStepUsed,
  signupMetadata,
  STRONG_PASSWORD,
  uniqueEmail,
  waitFor,
  type ApiWithDatabase,
  type TestPlatform,
} from '#app/testing';

export const ANON_KEY = 'fanmint-public-anon-key';

/** Fast timings for the suites: the server's idle close and refusal delay come from these settings. */
export const FAST_REALTIME_ENV = {
  REALTIME_IDLE_TIMEOUT_MS: '1000',
  REALTIME_REFUSED_JOIN_DELAY_MS: '0',
  AUTH_AUTOCONFIRM: 'true',
};
export const HEARTBEAT_MS = 300;

export interface ClientOptions {
  apikey?: string;
  token?: string;
  vsn?: '1.0.0' | '2.0.0';
  heartbeatIntervalMs?: number;
  timeout?: number;
  heartbeatCallback?: (status: string) => void;
}

/** The official client, unmodified, on Node's `ws`; every frame it logs is kept for assertions. */
export function realtimeClient(baseUrl: string, options: ClientOptions = {}) {
  const log: { kind: string; msg: string; data: unknown }[] = [];
  const client = new RealtimeClient(`${baseUrl}/realtime/v1`, {
    params: { apikey: options.apikey ?? ANON_KEY },
    transport: WebSocket as never,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? HEARTBEAT_MS,
    timeout: options.timeout ?? 3000,
    ...(options.vsn ? { vsn: options.vsn } : {}),
    ...(options.heartbeatCallback ? { heartbeatCallback: options.heartbeatCallback } : {}),
    logger: (kind: string, msg: string, data: unknown) => log.push({ kind, msg, data }),
  });
  if (options.token) void client.setAuth(options.token);
  return { client, log };
}

export type Status = { status: string; error?: Error };

/** Subscribes and collects every status the callback reports. */
export function subscribeAll(channel: RealtimeChannel): Status[] {
  const statuses: Status[] = [];
  channel.subscribe((status, error) => statuses.push({ status, error }));
  return statuses;
}

/** Subscribes and resolves with the first status (SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT, CLOSED). */
export function subscribe(channel: RealtimeChannel): Promise<Status> {
  return new Promise((resolve) => {
    let settled = false;
    channel.subscribe((status, error) => {
      if (settled) return;
      settled = true;
      resolve({ status, error });
    });
  });
}

export async function waitUntil<T>(
  read: () => T | undefined | null | false,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  return (await waitFor(read, { timeoutMs, intervalMs: 10, what })) as T;
}

/**
 * Waits a fixed time: only for what is itself about time (a client's rejoin timer, a rate bucket refilling)
 * or where nothing can arrive after the checked silence (say why where it is used).
 */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `sub` claim of an access token. */
export function subOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** A raw WebSocket on the endpoint, for what the official client does not do (silence, odd frames). */
export function rawSocket(baseUrl: string, query = `apikey=${ANON_KEY}&vsn=2.0.0`): Promise<WebSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A signed-up, signed-in user (the platform runs with AUTH_AUTOCONFIRM, so no mail round trip). */
export async function quickUser(platform: ApiWithDatabase) {
  const client = authClient(platform.baseUrl);
  const email = uniqueEmail('rt');
  const { data, error } = await client.signUp({
    email,
    password: STRONG_PASSWORD,
    options: { data: signupMetadata() },
  });
  if (error || !data.session) throw error ?? new Error('no session: is AUTH_AUTOCONFIRM on?');
  return { client, email, userId: data.session.user.id, token: data.session.access_token };
}

/** A moderator (or admin) with 2FA on and an aal2 session, as the console (and staff:moderation) requires. */
export async function quickModerator(platform: TestPlatform, role: 'moderator' | 'admin' = 'moderator') {
  const user = await quickUser(platform);
  await changeRole(platform, user.userId, role);
  await user.client.refreshSession();
  const enrolled = await user.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
  if (enrolled.error) throw enrolled.error;
  const challenge = await user.client.mfa.challenge({ factorId: enrolled.data.id });
  if (challenge.error) throw challenge.error;
  const now = new Date();
  const code = await generate({
    secret: enrolled.data.totp.secret,
    epoch: Math.floor(now.getTime() / 1000),
    period: 30,
    digits: 6,
    algorithm: 'sha1',
  });
  markTotpStepUsed(enrolled.data.totp.secret, now);
  const verified = await user.client.mfa.verify({ factorId: enrolled.data.id, challengeId: challenge.data.id, code });
  if (verified.error) throw verified.error;
  return { ...user, token: (await user.client.getSession()).data.session!.access_token };
}

/** An HS256 token signed with the platform's secret: for expired, short-lived or foreign-signed tokens. */
export function forgeToken(secret: string, claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** A token's claims with some replaced (exp in seconds), re-signed with `secret`. */
export function reissue(token: string, secret: string, changes: Record<string, unknown>): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  return forgeToken(secret, { ...claims, ...changes });
}

/** Members of the suites' conversation-like topics (`testroom:<uuid>`), for a test-only policy. */
export class TestRooms implements TopicPolicy {
  readonly members = new Map<string, Set<string>>();

  async access(userId: string, id: string): Promise<TopicAccess | null> {
    return this.members.get(id)?.has(userId) ? { write: true, presence: true } : null;
  }

  room(...userIds: string[]): string {
    const id = randomUUID();
    this.members.set(id, new Set(userIds));
    return id;
  }
}

type RawFrame = [string | null, string | null, string, string, Record<string, unknown>];

/** A vsn 2.0.0 socket driven frame by frame; every text frame received is kept. */
export async function rawClient(baseUrl: string) {
  const ws = await rawSocket(baseUrl);
  const received: RawFrame[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data, isBinary) => {
    if (!isBinary) received.push(JSON.parse(data.toString()) as RawFrame);
  });
  let ref = 0;
  const push = (topic: string, event: string, payload: Record<string, unknown>, joinRef: string | null = null) => {
    const own = String(++ref);
    ws.send(JSON.stringify([event === 'phx_join' ? own : joinRef, own, topic, event, payload]));
    return own;
  };
  const replyTo = (sent: string, timeoutMs?: number) =>
    waitUntil(
      () => received.find((frame) => frame[3] === 'phx_reply' && frame[1] === sent),
      `the reply to ref ${sent}`,
      timeoutMs,
    );
  const join = (topic: string, token: string, config: Record<string, unknown> = {}) =>
    push(topic, 'phx_join', { config: { private: true, ...config }, access_token: token });
  return { ws, received, closed, push, replyTo, join };
}
