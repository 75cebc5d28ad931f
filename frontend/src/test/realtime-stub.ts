import { vi } from 'vitest';

type Handler = (message: { payload: unknown }) => void;

/** Stands in for lib/realtime's private channels: records the handlers a topic registers so a test can fire events. */
export function createRealtimeStub() {
  const handlers = new Map<string, Handler>();
  const sent: { topic: string; event: string; payload: unknown }[] = [];
  const resubscribe = new Map<string, (again: boolean) => void>();
  const joinPrivate = vi.fn(
    (topic: string, setup: (channel: unknown) => void, onSubscribed?: (again: boolean) => void) => {
      const channel = {
        on: (_type: string, filter: { event: string }, handler: Handler) => {
          handlers.set(`${topic} ${filter.event}`, handler);
          return channel;
        },
        send: (message: { event: string; payload: unknown }) => {
          sent.push({ topic, event: message.event, payload: message.payload });
          return Promise.resolve('ok');
        },
      };
      setup(channel);
      if (onSubscribed) resubscribe.set(topic, onSubscribed);
      onSubscribed?.(false);
      return () => handlers.forEach((_value, key) => key.startsWith(`${topic} `) && handlers.delete(key));
    },
  );
  return {
    joinPrivate,
    sent,
    emit: (topic: string, event: string, payload: unknown) => handlers.get(`${topic} ${event}`)?.({ payload }),
    reconnect: (topic: string) => resubscribe.get(topic)?.(true),
  };
}
