import type { PresenceMap, PresenceMeta } from '../bus/realtime-bus.js';

/** One subscription's tracked meta under its presence key. */
export interface PresenceEntry {
  topic: string;
  subscriptionId: string;
  key: string;
  meta: PresenceMeta;
}

/**
 * Presence shared by every api instance (contract §7): a Redis hash per topic, or a table without
 * Redis. Each entry names the instance holding its socket; instances report themselves alive, and
 * the entries of one that stopped reporting are purged by the others.
 */
export abstract class PresenceStore {
  abstract put(instance: string, entry: PresenceEntry): Promise<void>;
  abstract remove(topic: string, subscriptionId: string): Promise<void>;
  abstract list(topic: string): Promise<PresenceEntry[]>;
  /** This instance is alive (called every third of the liveness TTL); false when it had been purged as dead. */
  abstract heartbeat(instance: string): Promise<boolean>;
  /** Claims the instances unseen for `ttlMs` and removes their entries; one survivor gets each. */
  abstract purgeDead(ttlMs: number): Promise<PresenceEntry[]>;
  /** This instance leaves (graceful shutdown, after its sockets closed). */
  abstract forget(instance: string): Promise<void>;
}

/** Entries as `presence_state` lists them, keys in the order first tracked. */
export function toPresenceMap(entries: PresenceEntry[]): PresenceMap {
  const map: PresenceMap = {};
  for (const entry of entries) (map[entry.key] ??= { metas: [] }).metas.push(entry.meta);
  return map;
}
