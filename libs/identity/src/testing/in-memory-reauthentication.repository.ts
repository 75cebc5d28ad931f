import { ReauthenticationRepository } from '../repositories/reauthentication.repository.js';

/** Accounts' password hashes and their sessions in memory, for millisecond handler specs; passes the PostgreSQL contract. */
export class InMemoryReauthenticationRepository extends ReauthenticationRepository {
  private readonly hashes = new Map<string, string>();
  private readonly sessions = new Map<string, { userId: string; authenticatedAt: Date | null }>();

  /** An account with its hash, as sign-up stores it. */
  addAccount(userId: string, passwordHash: string): void {
    this.hashes.set(userId, passwordHash);
  }

  /** A session of the account, as sign-in opens it. */
  addSession(userId: string, sessionId: string, authenticatedAt: Date | null = null): void {
    this.sessions.set(sessionId, { userId, authenticatedAt });
  }

  authenticatedAt(sessionId: string): Date | null | undefined {
    return this.sessions.get(sessionId)?.authenticatedAt;
  }

  async passwordHashOf(userId: string): Promise<string | null> {
    return this.hashes.get(userId) ?? null;
  }

  async markAuthenticated(userId: string, sessionId: string, at: Date): Promise<boolean> {
    const session = this.sessions.get(sessionId);
    if (session?.userId !== userId) return false;
    session.authenticatedAt = at;
    return true;
  }
}
