import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { APP_CONFIG, AppError, RateLimits, type AppConfig, type LimitRule } from '#app/platform';
import { RealtimeBus } from '../bus/realtime-bus.js';
import { LIMITS, isClientEvent } from '../protocol/frames.js';
import { Refusal, Refusals } from '../protocol/reasons.js';
import { ChannelAccess } from '../channels/channel-access.js';
import { bodyBytes } from './send-broadcast.js';
import type { HttpBroadcastMessage } from './broadcast-request.js';

/** Broadcast messages one user may send over HTTP per minute, shared by every instance. */
export const HTTP_BROADCAST_LIMIT: LimitRule = { points: 600, duration: 60 };

/**
 * Broadcasts over HTTP (contract §4): the apikey and a signed-in user's bearer token (401 otherwise),
 * then every message must be private, a `client:` event and on a topic the user may write (403 otherwise, nothing
 * sent); then all are delivered, to every subscription, on every instance.
 */
@Injectable()
export class HttpBroadcast {
  private readonly logger = new Logger('RealtimeBroadcast');

  constructor(
    @Inject(ChannelAccess) private readonly access: ChannelAccess,
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(headers: IncomingHttpHeaders, messages: HttpBroadcastMessage[]): Promise<void> {
    const apikey = headers.apikey;
    if (typeof apikey !== 'string' || apikey === '')
      throw new AppError(401, 'no_authorization', 'No API key found in request');
    if (!this.config.PUBLIC_ANON_KEY.includes(apikey)) throw new AppError(401, 'no_authorization', 'Invalid API key');
    const token = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
    const auth = await this.access.authenticate(token);
    if (auth === null)
      throw new AppError(
        401,
        'no_authorization',
        'Broadcasting needs a signed-in user: send their access token as Authorization: Bearer',
      );
    if (auth instanceof Refusal) throw new AppError(401, 'no_authorization', auth.reason);

    for (const message of messages) {
      if (!message.private) throw new AppError(403, 'forbidden', Refusals.privateOnly().reason);
      if (!isClientEvent(message.event))
        throw new AppError(403, 'reserved_event', Refusals.reservedEvent(message.event).reason);
      if (bodyBytes({ json: message.payload }) > LIMITS.payloadBytes)
        throw new AppError(413, 'request_too_large', Refusals.payloadTooLarge(LIMITS.payloadBytes).reason);
    }
    for (const topic of new Set(messages.map((message) => message.topic))) {
      const access = await this.access.topicAccess(auth, topic);
      if (!access?.write) throw new AppError(403, 'forbidden', Refusals.cannotWrite(topic).reason);
    }
    await this.limits.consume('realtime-http-broadcast', HTTP_BROADCAST_LIMIT, auth.user.id, {
      points: messages.length,
      message: 'Too many broadcast messages; try again in a minute',
    });
    try {
      for (const message of messages)
        await this.bus.publish({
          type: 'broadcast',
          topic: message.topic,
          event: message.event,
          json: message.payload,
        });
    } catch (error) {
      this.logger.warn(`HTTP broadcast not delivered: ${(error as Error).message}`);
      throw new AppError(503, 'service_unavailable', Refusals.unavailable().message);
    }
  }
}
