import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENTS, type Frame } from '../protocol/frames.js';
import { Refusals } from '../protocol/reasons.js';
import { JoinChannel, cancelRefusal } from '../channels/join-channel.js';
import { RefreshToken } from '../channels/refresh-token.js';
import { SendBroadcast } from '../broadcast/send-broadcast.js';
import { TrackPresence } from '../presence/track-presence.js';
import type { ClientSocket } from './client-socket.js';
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
  ) {}

  /** A frame that fails (the database unreachable during a join's token check) is answered with an error the client retries on. */
  async route(socket: ClientSocket, frame: Frame): Promise<void> {
    try {
      await this.dispatch(socket, frame);
    } catch (error) {
      this.logger.error(`realtime ${frame.event} on ${frame.topic} failed: ${(error as Error)?.stack ?? String(error)}`);
      if (frame.ref !== null && !socket.closed) socket.reply(frame, 'error', { reason: Refusals.unavailable().reason });
    }
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
