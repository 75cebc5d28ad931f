import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { FrameError, SharedBroadcast, decodeFrame, encodeBroadcast, encodeText } from './serializer.js';

// The installed client's own serializer (realtime-js 2.109.0): what it encodes we must read, what we encode it must read.
const require = createRequire(import.meta.url);
const ClientSerializer = (
  require('@supabase/realtime-js/dist/main/lib/serializer.js') as { default: new () => ClientSerializerShape }
).default;
interface ClientMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}
interface ClientSerializerShape {
  encode(message: ClientMessage, callback: (encoded: string | ArrayBuffer) => unknown): unknown;
  decode(raw: string | ArrayBuffer, callback: (message: ClientMessage) => unknown): unknown;
}

const client = new ClientSerializer();
const clientEncode = (message: ClientMessage) => client.encode(message, (encoded) => encoded) as string | ArrayBuffer;
const clientDecode = (raw: string | Buffer) =>
  client.decode(typeof raw === 'string' ? raw : new Uint8Array(raw).buffer, (message) => message) as ClientMessage;

describe('frame serializer, vsn 2.0.0', () => {
  it('reads the text frames the client sends (heartbeat, join)', () => {
    const heartbeat = clientEncode({
      join_ref: null,
      ref: '1',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    }) as string;
    expect(decodeFrame('2.0.0', Buffer.from(heartbeat), false)).toEqual({
      joinRef: null,
      ref: '1',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    });
    const join = clientEncode({
      join_ref: '3',
      ref: '3',
      topic: 'realtime:user:x',
      event: 'phx_join',
      payload: { config: { private: true }, access_token: 't' },
    }) as string;
    expect(decodeFrame('2.0.0', Buffer.from(join), false)).toEqual({
      joinRef: '3',
      ref: '3',
      topic: 'realtime:user:x',
      event: 'phx_join',
      payload: { config: { private: true }, access_token: 't' },
    });
  });

  it('reads the kind-3 binary push the client makes of a JSON broadcast', () => {
    const encoded = clientEncode({
      join_ref: '12',
      ref: '13',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'typing', payload: { who: 'Ana', n: 1 } },
    });
    expect(encoded).toBeInstanceOf(ArrayBuffer);
    expect(decodeFrame('2.0.0', Buffer.from(encoded as ArrayBuffer), true)).toEqual({
      joinRef: '12',
      ref: '13',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'typing', payload: { who: 'Ana', n: 1 } },
    });
  });

  it('reads a raw-bytes broadcast push, and an absent payload as {}', () => {
    const bytes = new Uint8Array([0, 1, 2, 255]).buffer;
    const raw = decodeFrame(
      '2.0.0',
      Buffer.from(
        clientEncode({
          join_ref: '1',
          ref: '2',
          topic: 'realtime:r',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'bin', payload: bytes },
        }) as ArrayBuffer,
      ),
      true,
    );
    expect((raw.payload as { payload: Buffer }).payload).toEqual(Buffer.from([0, 1, 2, 255]));
    const empty = decodeFrame(
      '2.0.0',
      Buffer.from(
        clientEncode({
          join_ref: null,
          ref: null,
          topic: 'realtime:r',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'e' },
        }) as ArrayBuffer,
      ),
      true,
    );
    expect(empty).toMatchObject({ joinRef: null, ref: null, payload: { type: 'broadcast', event: 'e', payload: {} } });
  });

  it('writes text frames the client reads back, and kind-4 broadcasts with JSON or bytes', () => {
    const reply = encodeText('2.0.0', {
      joinRef: '3',
      ref: '3',
      topic: 'realtime:r',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
    });
    expect(clientDecode(reply)).toEqual({
      join_ref: '3',
      ref: '3',
      topic: 'realtime:r',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
    });
    const json = clientDecode(encodeBroadcast('realtime:r', 'typing', { json: { a: [1, 'é'] } }));
    expect(json).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'typing', payload: { a: [1, 'é'] } },
    });
    const binary = clientDecode(encodeBroadcast('realtime:r', 'bin', { bytes: Buffer.from([9, 8, 7]) }));
    expect(Buffer.from((binary.payload as { payload: ArrayBuffer }).payload)).toEqual(Buffer.from([9, 8, 7]));
  });

  it('refuses what it cannot read: bad JSON, wrong shapes, other binary kinds, short headers, deep nesting', () => {
    const refuses = (data: Buffer, binary = false) =>
      expect(() => decodeFrame('2.0.0', data, binary)).toThrow(FrameError);
    refuses(Buffer.from('{not json'));
    refuses(Buffer.from('{"topic":"x"}'));
    refuses(Buffer.from('[null,"1","phoenix"]'));
    refuses(Buffer.from('[null,"1",7,"heartbeat",{}]'));
    refuses(Buffer.from('[{},"1","phoenix","heartbeat",{}]'));
    refuses(Buffer.from(`[null,"1","t","e",${'['.repeat(40)}${']'.repeat(40)}]`));
    refuses(Buffer.from([4, 1, 1, 0, 1, 0x61, 0x62]), true);
    refuses(Buffer.from([3, 9, 0, 0, 0, 0, 1, 0x61]), true);
    refuses(Buffer.from([3, 0, 0, 1, 1, 0, 2, 0x61, 0x62]), true);
    refuses(Buffer.from([3, 0, 0, 1, 1, 0, 1, 0x61, 0x62, 0x7b]), true);
    expect(() => encodeBroadcast('realtime:é', 'e', { json: {} })).toThrow(FrameError);
    expect(() => encodeBroadcast('realtime:r', 'x'.repeat(256), { json: {} })).toThrow(FrameError);
  });
});

describe('frame serializer, vsn 1.0.0', () => {
  it('reads and writes JSON objects, and refuses binary frames', () => {
    const push = JSON.stringify({
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'e', payload: { x: 1 } },
      ref: '4',
      join_ref: '2',
    });
    expect(decodeFrame('1.0.0', Buffer.from(push), false)).toEqual({
      joinRef: '2',
      ref: '4',
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'e', payload: { x: 1 } },
    });
    expect(
      JSON.parse(
        encodeText('1.0.0', {
          joinRef: null,
          ref: '5',
          topic: 'phoenix',
          event: 'phx_reply',
          payload: { status: 'ok', response: {} },
        }),
      ),
    ).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '5',
      join_ref: null,
    });
    expect(() => decodeFrame('1.0.0', Buffer.from([3, 0, 0, 0, 0, 0, 1]), true)).toThrow(FrameError);
    expect(() => decodeFrame('1.0.0', Buffer.from('[null,"1","phoenix","heartbeat",{}]'), false)).toThrow(FrameError);
  });
});

describe('a broadcast encoded once for every subscription', () => {
  const payload = { text: 'héllo "quoted" \u2028', n: [1, null, { deep: true }] };

  it('gives each vsn and join_ref exactly the text frame encodeText gives', () => {
    const shared = new SharedBroadcast('realtime:conversation:abc', 'message', { json: payload });
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      for (const joinRef of ['7', null, 'ref "odd"']) {
        const frame = {
          joinRef,
          ref: null,
          topic: 'realtime:conversation:abc',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'message', payload },
        };
        expect(shared.text(vsn, joinRef)).toBe(encodeText(vsn, frame));
      }
    }
  });

  it('makes the kind-4 frame once, and none for a topic that cannot be carried in one', () => {
    const bytes = Buffer.from([1, 2, 3]);
    const shared = new SharedBroadcast('realtime:room', 'blob', { bytes });
    expect(shared.isBinary).toBe(true);
    expect(shared.binaryFrame()).toEqual(encodeBroadcast('realtime:room', 'blob', { bytes }));
    expect(shared.binaryFrame()).toBe(shared.binaryFrame());
    expect(new SharedBroadcast('realtime:chambre-é', 'blob', { bytes }).binaryFrame()).toBeNull();
  });
});
