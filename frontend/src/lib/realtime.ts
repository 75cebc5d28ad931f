import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import { PUBLIC_ANON_KEY, auth } from './auth-client';

/**
 * What members broadcast to each other is named `client:<name>`; the server refuses any other name from
 * a client, so a listener for a server event name (message, read, purchase.paid...) only hears the server.
 */
export const CLIENT_EVENT_PREFIX = 'client:';
export const CLIENT_TYPING = `${CLIENT_EVENT_PREFIX}typing`;

/** SPEC §9: reconnect after 1, 2, 5, then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];
export const reconnectAfterMs = (tries: number) =>
  RECONNECT_DELAYS_MS[Math.min(tries, RECONNECT_DELAYS_MS.length) - 1] ?? 10_000;

/** Where a socket's token comes from: the site's session (`auth`) or the staff console's own. */
export type SessionSource = Pick<typeof auth, 'getSession' | 'onAuthStateChange'>;

const clients = new Map<SessionSource, RealtimeClient>();

/** The socket's address: ws:// or wss:// beside the page (browsers before 2024 refuse an http:// WebSocket URL). */
export function socketUrl(page: Pick<Location, 'protocol' | 'host'>): string {
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}/realtime/v1`;
}

/**
 * The tab's one socket to /realtime/v1 per session (the site's, or the console's), authenticated with it
 * and kept current on refresh.
 */
export function realtime(source: SessionSource = auth): RealtimeClient {
  const known = clients.get(source);
  if (known) return known;
  const created = new RealtimeClient(socketUrl(window.location), {
    params: { apikey: PUBLIC_ANON_KEY },
    heartbeatIntervalMs: 30_000,
    timeout: 10_000,
    reconnectAfterMs,
  });
  clients.set(source, created);
  void source.getSession().then(({ data }) => data.session && created.setAuth(data.session.access_token));
  source.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') void created.setAuth(null);
    else if (session) void created.setAuth(session.access_token);
  });
  return created;
}

/**
 * Joins a private topic once the token is set (a private join without it is refused). The callback runs
 * on every SUBSCRIBED, so a caller can catch up after a drop; the returned function leaves the channel.
 */
export function joinPrivate(
  topic: string,
  setup: (channel: RealtimeChannel) => void,
  onSubscribed?: (again: boolean) => void,
  source: SessionSource = auth,
): () => void {
  const socket = realtime(source);
  let left = false;
  let channel: RealtimeChannel | null = null;
  void source.getSession().then(async ({ data }) => {
    if (left || !data.session) return;
    await socket.setAuth(data.session.access_token);
    if (left) return;
    channel = socket.channel(topic, { config: { private: true, broadcast: { self: false } } });
    setup(channel);
    let joins = 0;
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') onSubscribed?.(joins++ > 0);
    });
  });
  return () => {
    left = true;
    if (channel) void socket.removeChannel(channel);
  };
}
