/**
 * The realtime module's two doors for other modules (see ../shared/reference/realtime-v1-contract.md).
 * Topics here are sub-topics, without the client's `realtime:` prefix: `user:<uuid>`,
 * `conversation:<uuid>`, `staff:moderation`.
 */

/** Server-originated events, sent once the change they announce has committed. */
export abstract class RealtimePublisher {
  /** Delivers `event` with `payload` to every subscription of `topic`, on every api instance; `client:` names are the clients' and rejected. */
  abstract publish(topic: string, event: string, payload: Record<string, unknown>): Promise<void>;
  /** Closes `userId`'s subscriptions to `topic` on every instance (left a conversation, lost staff). */
  abstract revoke(topic: string, userId: string): Promise<void>;
}

/** What a signed-in user may do on one topic; `null` refuses the join. */
export interface TopicAccess {
  /** Send client broadcasts (typing, for instance) on the topic. */
  write: boolean;
  /** Track presence on the topic. */
  presence: boolean;
}

/**
 * Decides access for every topic `<prefix>:<id>`; registered by the module that owns the prefix.
 * Asked at join and at every token refresh, with a signed-in user and an id that is a lower-case UUID.
 */
export interface TopicPolicy {
  access(userId: string, id: string): Promise<TopicAccess | null>;
}

export abstract class TopicPolicies {
  /** Registers the policy for `<prefix>:*`; one owner per prefix. */
  abstract register(prefix: string, policy: TopicPolicy): void;
  /** Every prefix a client may join, this module's own (`user`, `staff`) and the registered ones. */
  abstract prefixes(): string[];
}
