import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { AccessChangedEvent } from '#app/identity';
import { RealtimeBus, SESSIONS_TOPIC } from '../bus/realtime-bus.js';
import { Refusal, Refusals } from '../protocol/reasons.js';
import { RealtimeMetrics } from '../realtime.metrics.js';
import { PresenceTracker } from '../presence/presence-tracker.js';
import { LocalChannels } from '../transport/local-channels.js';
import type { Subscription } from '../transport/subscription.js';
import { ChannelAccess } from './channel-access.js';

/**
 * Identity changed a user's role or dropped their sessions to aal1: every api instance is told over
 * the bus (from the api or the worker), instead of waiting for the next token refresh. Never fails
 * identity's request.
 */
@EventsHandler(AccessChangedEvent)
export class AnnounceAccessChange implements IEventHandler<AccessChangedEvent> {
  private readonly logger = new Logger('RealtimeAccess');

  constructor(
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(RealtimeMetrics) private readonly metrics: RealtimeMetrics,
  ) {}

  async handle({ userId }: AccessChangedEvent): Promise<void> {
    try {
      await this.bus.publish({ type: 'access', topic: SESSIONS_TOPIC, userId });
    } catch (error) {
      this.metrics.publishFailures.inc({ type: 'access' });
      this.logger.error(`access change of ${userId} not announced: ${(error as Error)?.message ?? String(error)}`);
    }
  }
}

/**
 * On each instance: the user's open channels run their join rule again with the token they hold
 * (the bearer check reads role and session aal from the database). A channel the user may no longer
 * read closes (`system` + `phx_close`); one they still read takes the new write and presence rights.
 */
@Injectable()
export class RecheckChannelAccess {
  private readonly logger = new Logger('RealtimeAccess');

  constructor(
    @Inject(LocalChannels) private readonly channels: LocalChannels,
    @Inject(ChannelAccess) private readonly access: ChannelAccess,
    @Inject(PresenceTracker) private readonly presence: PresenceTracker,
  ) {
    channels.onAccessChanged((userId) => {
      this.execute(userId).catch((error: unknown) =>
        this.logger.warn(`channels of ${userId} not re-checked: ${(error as Error)?.message ?? String(error)}`),
      );
    });
  }

  async execute(userId: string): Promise<void> {
    const held = [...this.channels.all()].filter((subscription) => subscription.userId === userId);
    await Promise.all(held.map((subscription) => this.recheck(subscription)));
  }

  private async recheck(subscription: Subscription): Promise<void> {
    let decision;
    try {
      decision = await this.access.authorize(subscription.identity.token, subscription.topic);
    } catch (error) {
      // The database is briefly out of reach: the next refresh (or expiry) checks again.
      return this.logger.warn(`access to ${subscription.topic} not re-checked: ${(error as Error).message}`);
    }
    if (subscription.closed) return;
    if (decision instanceof Refusal) {
      const notice = decision.code === 'Unauthorized' ? Refusals.noLongerAllowed(subscription.topic) : decision;
      return this.channels.close(subscription, notice);
    }
    subscription.access = decision.access;
    if (!decision.access.presence) await this.presence.untrack(subscription);
  }
}
