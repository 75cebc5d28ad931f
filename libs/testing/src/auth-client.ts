import { GoTrueClient } from '@supabase/auth-js';
import { randomBytes, randomInt } from 'node:crypto';

/** A storage for the auth client in Node, where there is no localStorage. */
export class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A made-up client address from TEST-NET-3, so each test's rate-limit counters are its own. */

export function clientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The official auth client, unmodified, pointed at our /auth/v1. */
export function authClient(baseUrl: string, ip = clientIp()): GoTrueClient {
  return new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    headers: { apikey: 'fanmint-public-anon-key', 'x-forwarded-for': ip },
    storage: new MemoryStorage(),
    storageKey: `fanmint-test-${randomBytes(6).toString('hex')}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}
