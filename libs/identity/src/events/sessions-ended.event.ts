import type { IEvent } from '@nestjs/cqrs';

/** Which of the user's sessions ended: `only` that one, every one `except` that one, or all (neither). */
export interface EndedSessions {
  only?: string;
  except?: string;
}

/**
 * Sessions of a user ended (sign-out in any scope, a session ended from the sessions list, a password
 * changed or reset, the account erased). Published on the CQRS EventBus once the deletion has
 * committed; access tokens of those sessions already fail every check. Realtime listens to close
 * the channels those sessions hold open on every instance.
 */
export class SessionsEndedEvent implements IEvent {
  constructor(
    readonly userId: string,
    readonly sessions: EndedSessions = {},
  ) {}
}
