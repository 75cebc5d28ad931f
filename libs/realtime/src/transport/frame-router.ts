import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENTS, type Frame } from '../protocol/frames.js';
import { Refusals } from '../protocol/reasons.js';
import { JoinChannel, cancelRefusal } from '../channels/join-channel.js';
import { RefreshToken } from '../channels/refresh-token.js';
import { SendBroadcast } from '../broadcast/send-broadcast.js';
import { TrackPresence } from '../presence/track-presence.js';
import type { ClientSocket } from './client-socket.js';
import { RealtimeMetrics } from '../realtime.metrics.js';
import { CLOSE } from './client-socket.js';
import { LocalChannels } from './local-channels.js';

/** Hands each inbound frame to its use case (contract §2, §3). */
@Injectable()
export class FrameRouter {
  private readonly logger = new Logger('Realtime');

  constructor(
    @Inject(JoinChannel) private readonly join: JoinChannel,
    @Inject(RefreshToken) private readonly refresh: RefreshToken,
    @Inject(SendBroadcast) private readonly broadcast: SendBroadcast,
    @Inject(TrackPresence) private readonly presence: TrackPresence,
    @Inject(LocalChannels) private readonly channels: LocalChannels,
    @Inject(RealtimeMetrics) private readonly metrics: RealtimeMetrics,
  ) {}

  /** A frame that fails (the database unreachable during a join's token check) is answered with an error the client retries on. */
  async route(socket: ClientSocket, frame: Frame): Promise<void> {
    try {
      await this.dispatch(socket, frame);
    } catch (error) {
      this.logger.error(
        `realtime ${frame.event} on ${frame.topic} failed: ${(error as Error)?.stack ?? String(error)}`,
      );
      if (frame.ref !== null && !socket.closed) socket.reply(frame, 'error', { reason: Refusals.unavailable().reason });
    }
  }

  /**
   * The socket's allowance of client events (LIMITS.eventsPerSecond). Over it the event is dropped and
   * answered with an error where the client waits for a reply (presence always, broadcast with ack);
   * a socket that keeps going has every channel closed (`system` + `phx_close`: final, not rejoined)
   * and is closed with 1008.
   */
  private async withinAllowance(socket: ClientSocket, frame: Frame, ack: boolean): Promise<boolean> {
    const verdict = socket.takeEvent(Date.now());
    if (verdict === 'ok') return true;
    const refusal = Refusals.tooManyMessages();
    this.metrics.eventsRefused.inc({ outcome: verdict });
    if (verdict === 'dropped') {
      if (frame.event === EVENTS.presence || ack) socket.reply(frame, 'error', { reason: refusal.reason });
      return false;
    }
    this.logger.warn(`realtime socket ${socket.id} closed: ${refusal.message}`);
    await Promise.all(
      [...socket.subscriptions.values()].map((subscription) => this.channels.close(subscription, refusal)),
    );
    socket.close(CLOSE.policy, refusal.message);
    return false;
  }

  private async dispatch(socket: ClientSocket, frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === EVENTS.heartbeat) socket.reply(frame, 'ok', {});
      return;
    }
    if (frame.event === EVENTS.join) return this.join.execute(socket, frame);
    const subscription = socket.subscriptions.get(frame.topic);
    if (frame.event === EVENTS.leave) {
      cancelRefusal(socket, frame.topic);
      if (subscription) await this.channels.close(subscription);
      return socket.reply(frame, 'ok', {});
    }
    if (!subscription) return socket.reply(frame, 'error', { reason: Refusals.unmatchedTopic().reason });
    // A frame of an earlier join of this topic is stale.
    if (frame.joinRef !== null && frame.joinRef !== subscription.joinRef) return;
    if (
      (frame.event === EVENTS.broadcast || frame.event === EVENTS.presence) &&
      !(await this.withinAllowance(socket, frame, subscription.config.ack))
    )
      return;
    switch (frame.event) {
      case EVENTS.accessToken:
        return this.refresh.execute(subscription, frame.payload);
      case EVENTS.broadcast:
        return this.broadcast.execute(subscription, frame);
      case EVENTS.presence:
        return this.presence.execute(subscription, frame);
    }
  }
}
