import { z } from 'zod';
import { AppError } from '#app/platform';

const name = z.string().min(1).max(255);

/** Where the REST broadcast routes live, and the JSON body they may take (as one WebSocket frame: 1 MiB). */
export const REALTIME_BROADCAST_PATH = '/realtime/v1/api/broadcast';
export const REALTIME_BROADCAST_BODY_LIMIT = 1024 * 1024;

/** `POST /realtime/v1/api/broadcast`, as realtime-js's send() falls back to it (contract §4). */
export const broadcastBatchSchema = z.object({
  messages: z
    .array(z.object({ topic: name, event: name, payload: z.unknown().optional(), private: z.boolean().optional() }))
    .min(1)
    .max(100),
});

export interface HttpBroadcastMessage {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

/** A body that does not parse is 422 (contract §4), not the 400 of the product API's DTOs. */
export function parseBroadcastBatch(body: unknown): HttpBroadcastMessage[] {
  const parsed = broadcastBatchSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(422, 'validation_failed', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data.messages.map((message) => ({
    topic: message.topic,
    event: message.event,
    payload: message.payload ?? {},
    private: message.private === true,
  }));
}

/** `POST /realtime/v1/api/broadcast/:topic/events/:event` (httpSend): the body is the payload. */
export function parseBroadcastEvent(
  topic: string,
  event: string,
  isPrivate: string | undefined,
  body: unknown,
): HttpBroadcastMessage {
  if (body === undefined) throw new AppError(422, 'validation_failed', 'Payload is required');
  if (!name.safeParse(topic).success || !name.safeParse(event).success)
    throw new AppError(422, 'validation_failed', 'topic and event are 1 to 255 characters');
  return { topic, event, payload: body, private: isPrivate === 'true' };
}
