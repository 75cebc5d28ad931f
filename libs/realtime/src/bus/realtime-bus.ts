/** A presence meta as clients see it: the tracked object plus its unique `phx_ref` (contract §5). */
export type PresenceMeta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };

/** `{key: {metas}}`, the shape of `presence_state` and of a diff's `joins` and `leaves`. */
export type PresenceMap = Record<string, { metas: PresenceMeta[] }>;

/**
 * What instances tell each other (contract §7). Topics are sub-topics (`user:<uuid>`). A broadcast
 * carries JSON or base64 bytes, and the sending subscription's id so that `self: false` can skip it.
 */
export type BusMessage =
  | { type: 'broadcast'; topic: string; event: string; json?: unknown; bytes?: string; origin?: string }
  | { type: 'presence'; topic: string; joins: PresenceMap; leaves: PresenceMap }
  | { type: 'revoke'; topic: string; userId: string }
  /** On SESSIONS_TOPIC: the user's sessions ended (`only` one, all `except` one, or all); their channels close everywhere. */
  | { type: 'sessions'; topic: typeof SESSIONS_TOPIC; userId: string; only?: string; except?: string }
  /** On SESSIONS_TOPIC: the user's role or assurance level changed; each instance re-checks their channels. */
  | { type: 'access'; topic: typeof SESSIONS_TOPIC; userId: string };

/** The bus topic every api instance watches from boot (no client can join it: it has no `prefix:id` shape). */
export const SESSIONS_TOPIC = '$sessions';

export type BusKind = 'redis' | 'postgres';

/**
 * Fan-out between api instances: Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY
 * otherwise. Each instance publishes through one connection, so a topic's messages from one
 * sender arrive in the order sent.
 */
export abstract class RealtimeBus {
  abstract readonly kind: BusKind;
  /** Starts receiving: every message of a watched topic goes to `deliver`, in bus order (api instances only). */
  abstract listen(deliver: (message: BusMessage) => void): Promise<void>;
  /** Receive this topic's messages from now on; resolves once the bus will deliver them. */
  abstract watch(topic: string): Promise<void>;
  abstract unwatch(topic: string): Promise<void>;
  /** Resolves once the message is on the bus; rejects when the bus cannot take it. */
  abstract publish(message: BusMessage): Promise<void>;
  abstract close(): Promise<void>;
}

export function parseBusMessage(text: string): BusMessage | null {
  try {
    const message = JSON.parse(text) as BusMessage;
    return typeof message?.topic === 'string' && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}
