import { Inject, Injectable, Logger } from '@nestjs/common';
import { RealtimeBus } from '../bus/realtime-bus.js';
import { LIMITS, isClientEvent, isRecord, type BroadcastBody, type Frame } from '../protocol/frames.js';
import { Refusals, type Refusal } from '../protocol/reasons.js';
import type { Subscription } from '../transport/subscription.js';

const MAX_EVENT = 255;

/** The byte size a broadcast body counts against the payload limit. */
export function bodyBytes(body: BroadcastBody): number {
  return 'bytes' in body ? body.bytes.length : Buffer.byteLength(JSON.stringify(body.json));
}

/**
 * A client's `broadcast` on a joined channel (contract §4): writable topics only, `client:` events
 * only (the other names are the server's), payloads up to 256 KiB, then onto the bus with the subscription as origin (for `self: false`). With `ack`, the
 * reply is `ok` once the message is on the bus, or an error with its reason; without, none.
 */
@Injectable()
export class SendBroadcast {
  private readonly logger = new Logger('RealtimeBroadcast');

  constructor(@Inject(RealtimeBus) private readonly bus: RealtimeBus) {}

  async execute(subscription: Subscription, frame: Frame): Promise<void> {
    const answer = (refusal?: Refusal) => {
      if (subscription.config.ack)
        subscription.socket.reply(frame, refusal ? 'error' : 'ok', refusal ? { reason: refusal.reason } : {});
    };
    const message = isRecord(frame.payload) ? frame.payload : {};
    if (typeof message.event !== 'string' || message.event.length > MAX_EVENT) return answer(Refusals.badBroadcast());
    if (!subscription.access.write) return answer(Refusals.cannotWrite(subscription.topic));
    if (!isClientEvent(message.event)) return answer(Refusals.reservedEvent(message.event));
    const body: BroadcastBody = Buffer.isBuffer(message.payload)
      ? { bytes: message.payload }
      : { json: message.payload ?? {} };
    if (bodyBytes(body) > LIMITS.payloadBytes) return answer(Refusals.payloadTooLarge(LIMITS.payloadBytes));
    // Put on the bus now, in frame order (the bus keeps its publishes in call order); the socket's
    // next frames need not wait for it, unless too many of its broadcasts are still on their way.
    const { socket } = subscription;
    socket.broadcastsInFlight++;
    const published = this.bus
      .publish({
        type: 'broadcast',
        topic: subscription.topic,
        event: message.event,
        ...('bytes' in body ? { bytes: body.bytes.toString('base64') } : { json: body.json }),
        origin: subscription.id,
      })
      .then(
        () => answer(),
        (error: unknown) => {
          this.logger.warn(`broadcast on ${subscription.topic} not delivered: ${(error as Error).message}`);
          answer(Refusals.unavailable());
        },
      )
      .finally(() => socket.broadcastsInFlight--);
    if (socket.broadcastsInFlight > LIMITS.broadcastsInFlight) await published;
  }
}
