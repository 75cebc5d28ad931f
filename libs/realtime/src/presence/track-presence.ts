import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENTS, LIMITS, isRecord, type Frame } from '../protocol/frames.js';
import { Refusals } from '../protocol/reasons.js';
import { LocalChannels } from '../transport/local-channels.js';
import type { Subscription } from '../transport/subscription.js';
import { PresenceTracker } from './presence-tracker.js';

/**
 * `presence` track and untrack (contract §5): always answered, `ok` or an error reason. A meta over
 * 16 KiB or a sixth track within 30 s ends the subscription (`system` + `phx_close`). A track on a
 * join without presence turns presence on and sends its `presence_state`.
 */
@Injectable()
export class TrackPresence {
  private readonly logger = new Logger('RealtimePresence');

  constructor(
    @Inject(PresenceTracker) private readonly presence: PresenceTracker,
    @Inject(LocalChannels) private readonly channels: LocalChannels,
  ) {}

  async execute(subscription: Subscription, frame: Frame): Promise<void> {
    const reply = (reason?: string) =>
      subscription.socket.reply(frame, reason ? 'error' : 'ok', reason ? { reason } : {});
    const message = isRecord(frame.payload) ? frame.payload : {};
    if (message.event === 'untrack') {
      await this.presence.untrack(subscription).then(
        () => reply(),
        (error: unknown) => this.unavailable(reply, subscription, error),
      );
      return;
    }
    if (message.event !== 'track') return reply(Refusals.badPresence().reason);
    if (!subscription.access.presence) return reply(Refusals.cannotTrack(subscription.topic).reason);
    const meta = message.payload ?? {};
    if (!isRecord(meta)) return reply(Refusals.presenceNotMap().reason);
    if (Buffer.byteLength(JSON.stringify(meta)) > LIMITS.presenceMetaBytes)
      return this.channels.close(subscription, Refusals.trackTooLarge());
    if (!subscription.allowTrack(Date.now())) return this.channels.close(subscription, Refusals.tooManyTracks());
    try {
      await this.presence.track(subscription, meta);
    } catch (error) {
      return this.unavailable(reply, subscription, error);
    }
    reply();
    if (subscription.config.presenceEnabled) return;
    // On from now; diffs that overtake the state wait for it in the client.
    subscription.config.presenceEnabled = true;
    const state = await this.presence.state(subscription.topic).catch(() => null);
    if (state) subscription.push(EVENTS.presenceState, state);
  }

  private unavailable(reply: (reason?: string) => void, subscription: Subscription, error: unknown): void {
    this.logger.warn(`presence on ${subscription.topic} failed: ${(error as Error).message}`);
    reply(Refusals.unavailable().reason);
  }
}
