import type { IEvent } from '@nestjs/cqrs';

/**
 * What a user may do changed without their sessions ending: their role changed, or sessions lost
 * their second factor (aal2 to aal1). Published on the CQRS EventBus once the change has committed;
 * the next bearer check already sees it. Realtime listens to re-check the channels the user holds.
 */
export class AccessChangedEvent implements IEvent {
  constructor(
    readonly userId: string,
    readonly reason: 'role' | 'aal',
  ) {}
}
