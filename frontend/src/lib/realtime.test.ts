import { describe, expect, it } from 'vitest';
import { socketUrl } from './realtime';

describe('socketUrl', () => {
  it('dials wss:// beside an https page and ws:// beside an http one', () => {
    expect(socketUrl({ protocol: 'https:', host: 'fanmint.example' })).toBe('wss://fanmint.example/realtime/v1');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/realtime/v1');
  });
});
