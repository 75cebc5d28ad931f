/**
 * What re-authentication reads and writes: the account's password hash and when a session's owner
 * last proved who they are (`sessions.authenticated_at`). Two adapters pass one contract
 * (testing/reauthentication-repository.contract.ts): PostgreSQL and in memory.
 */
export abstract class ReauthenticationRepository {
  /** The account's bcrypt hash; null when there is no such account. */
  abstract passwordHashOf(userId: string): Promise<string | null>;

  /** Records that the owner of the session proved who they are at `at`; false when it is not their session. */
  abstract markAuthenticated(userId: string, sessionId: string, at: Date): Promise<boolean>;
}
