import { Inject, Injectable } from '@nestjs/common';
import { isRecord } from '../protocol/frames.js';
import { Refusal, Refusals } from '../protocol/reasons.js';
import { PresenceTracker } from '../presence/presence-tracker.js';
import { LocalChannels } from '../transport/local-channels.js';
import type { Subscription } from '../transport/subscription.js';
import { ChannelAccess } from './channel-access.js';
import { JoinChannel } from './join-channel.js';

/**
 * The `access_token` event (contract §6): the same token changes nothing; a valid one for the same
 * user passing the topic's rule is adopted (expiry re-armed, no reply); anything else ends the
 * subscription with `system` + `phx_close`, including a sign-out (null, the anon key).
 */
@Injectable()
export class RefreshToken {
  constructor(
    @Inject(ChannelAccess) private readonly access: ChannelAccess,
    @Inject(LocalChannels) private readonly channels: LocalChannels,
    @Inject(PresenceTracker) private readonly presence: PresenceTracker,
    @Inject(JoinChannel) private readonly join: JoinChannel,
  ) {}

  async execute(subscription: Subscription, payload: unknown): Promise<void> {
    const token = isRecord(payload) ? payload.access_token : undefined;
    if (token === subscription.identity.token) return;
    if (this.access.isNoUser(token)) return this.channels.close(subscription, Refusals.signedOut());
    const decision = await this.access.authorize(token, subscription.topic);
    if (subscription.closed) return;
    if (decision instanceof Refusal) {
      const notice = decision.code === 'Unauthorized' ? Refusals.noLongerAllowed(subscription.topic) : decision;
      return this.channels.close(subscription, notice);
    }
    // A channel belongs to the user who joined it: another user's token is not a refresh.
    if (decision.identity.userId !== subscription.userId)
      return this.channels.close(subscription, Refusals.noLongerAllowed(subscription.topic));
    subscription.identity = decision.identity;
    subscription.access = decision.access;
    this.join.armExpiry(subscription);
    if (!decision.access.presence) await this.presence.untrack(subscription);
  }
}
