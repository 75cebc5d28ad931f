import { AppError, parseJsonBody } from '#app/platform';
import { EVENTS, isRecord, type BroadcastBody, type Frame, type Vsn } from './frames.js';

/** A frame the protocol cannot read: the socket is closed with 1007. */
export class FrameError extends Error {}

const KIND_PUSH = 3;
const KIND_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;
const PUSH_HEADER = 7;

function parseJson(text: string): unknown {
  try {
    return parseJsonBody(text);
  } catch (error) {
    throw new FrameError(error instanceof AppError ? error.message : 'unreadable JSON');
  }
}

const optionalRef = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new FrameError('ref and join_ref must be strings or null');
};

function frame(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Frame {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings');
  return { joinRef: optionalRef(joinRef), ref: optionalRef(ref), topic, event, payload: payload ?? {} };
}

/** One inbound WebSocket message as a frame: text of either vsn, or (2.0.0) the client's binary broadcast push. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return decodeBroadcastPush(data);
  }
  const parsed = parseJson(data.toString('utf8'));
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new FrameError('a frame is [join_ref, ref, topic, event, payload]');
    return frame(...(parsed as [unknown, unknown, unknown, unknown, unknown]));
  }
  if (!isRecord(parsed)) throw new FrameError('a frame is {topic, event, payload, ref, join_ref}');
  return frame(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload);
}

/** Kind 3: the header's lengths, then join_ref, ref, topic, event, meta, and the payload (contract §1). */
function decodeBroadcastPush(data: Buffer): Frame {
  if (data.length < PUSH_HEADER || data[0] !== KIND_PUSH)
    throw new FrameError(`unsupported binary kind ${data[0] ?? 'none'}`);
  const lengths = [data[1], data[2], data[3], data[4], data[5]];
  const encoding = data[6];
  if (encoding !== ENCODING_BINARY && encoding !== ENCODING_JSON)
    throw new FrameError(`unsupported payload encoding ${encoding}`);
  let offset = PUSH_HEADER;
  const [joinRef, ref, topic, event, meta] = lengths.map((length) => {
    if (offset + length > data.length) throw new FrameError('binary frame shorter than its header says');
    const text = data.toString('latin1', offset, offset + length);
    offset += length;
    return text;
  });
  if (meta) parseJson(meta);
  const bytes = data.subarray(offset);
  const payload = encoding === ENCODING_JSON ? parseJson(bytes.toString('utf8')) : Buffer.from(bytes);
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: EVENTS.broadcast,
    payload: { type: 'broadcast', event, payload },
  };
}

/** A text frame in the socket's vsn. */
export function encodeText(vsn: Vsn, { joinRef, ref, topic, event, payload }: Frame): string {
  return vsn === '2.0.0'
    ? JSON.stringify([joinRef, ref, topic, event, payload])
    : JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });
}

const isShortAscii = (text: string) => text.length <= 255 && /^[\x20-\x7e]*$/.test(text);

/** Kind 4, the only binary frame the client reads; topic and event must be printable ASCII of at most 255 characters. */
export function encodeBroadcast(topic: string, event: string, body: BroadcastBody): Buffer {
  if (!isShortAscii(topic) || !isShortAscii(event))
    throw new FrameError('binary broadcasts need ASCII topics and events of at most 255 characters');
  const payload = 'bytes' in body ? body.bytes : Buffer.from(JSON.stringify(body.json), 'utf8');
  const header = Buffer.from([
    KIND_BROADCAST,
    topic.length,
    event.length,
    0,
    'bytes' in body ? ENCODING_BINARY : ENCODING_JSON,
  ]);
  return Buffer.concat([header, Buffer.from(topic + event, 'latin1'), payload]);
}

/**
 * One broadcast as every subscription of its topic receives it, encoded once per message rather than
 * once per subscription (a busy topic sends the same payload to every member): the payload's JSON and
 * the binary frame are made on first use; only the join_ref differs between subscriptions' text frames.
 * The text is exactly what `encodeText` gives for `[joinRef, null, topic, "broadcast", {type, event, payload}]`.
 */
export class SharedBroadcast {
  private topicJson: string | undefined;
  private payloadJson: string | undefined;
  private binary: Buffer | null | undefined;

  constructor(
    readonly topic: string,
    readonly event: string,
    readonly body: BroadcastBody,
  ) {}

  get isBinary(): boolean {
    return 'bytes' in this.body;
  }

  /** The text frame (JSON bodies) for a subscription of `vsn` joined as `joinRef`. */
  text(vsn: Vsn, joinRef: string | null): string {
    this.topicJson ??= JSON.stringify(this.topic);
    this.payloadJson ??= JSON.stringify({
      type: 'broadcast',
      event: this.event,
      payload: 'json' in this.body ? this.body.json : null,
    });
    const ref = JSON.stringify(joinRef);
    return vsn === '2.0.0'
      ? `[${ref},null,${this.topicJson},"broadcast",${this.payloadJson}]`
      : `{"topic":${this.topicJson},"event":"broadcast","payload":${this.payloadJson},"ref":null,"join_ref":${ref}}`;
  }

  /** The kind-4 frame (vsn 2.0.0), or null when the topic or event cannot be carried in one. */
  binaryFrame(): Buffer | null {
    if (this.binary === undefined) {
      try {
        this.binary = encodeBroadcast(this.topic, this.event, this.body);
      } catch (error) {
        if (!(error instanceof FrameError)) throw error;
        this.binary = null;
      }
    }
    return this.binary;
  }
}
