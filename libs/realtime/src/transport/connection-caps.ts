import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import type { ClientSocket } from './client-socket.js';

/**
 * The client's address as the HTTP layer reads it: with TRUST_PROXY, Express's `trust proxy: true`
 * takes the left-most X-Forwarded-For entry; without it, the peer's address.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (trustProxy && first) || request.socket.remoteAddress || 'unknown';
}

/**
 * Caps on this instance's sockets: an address holds at most REALTIME_ANONYMOUS_SOCKETS_PER_ADDRESS
 * sockets that no user joined on yet (the token only arrives with a join), and an account holds
 * channels on at most REALTIME_SOCKETS_PER_ACCOUNT sockets. A socket counts for an account from its
 * first accepted join as that user until it closes.
 */
@Injectable()
export class ConnectionCaps {
  private readonly anonymous = new Map<string, number>();
  private readonly accounts = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** At the upgrade: false when the address already holds its allowance of anonymous sockets. */
  admits(address: string): boolean {
    return (this.anonymous.get(address) ?? 0) < this.config.REALTIME_ANONYMOUS_SOCKETS_PER_ADDRESS;
  }

  opened(socket: ClientSocket): void {
    bump(this.anonymous, socket.address, 1);
  }

  /** At a join that passed its checks: false when the account holds its allowance of other sockets. */
  claim(socket: ClientSocket, userId: string): boolean {
    if (socket.users.has(userId)) return true;
    if ((this.accounts.get(userId) ?? 0) >= this.config.REALTIME_SOCKETS_PER_ACCOUNT) return false;
    if (socket.users.size === 0) bump(this.anonymous, socket.address, -1);
    socket.users.add(userId);
    bump(this.accounts, userId, 1);
    return true;
  }

  closed(socket: ClientSocket): void {
    if (socket.users.size === 0) bump(this.anonymous, socket.address, -1);
    for (const userId of socket.users) bump(this.accounts, userId, -1);
    socket.users.clear();
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
