import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give up after this: npm test runs vitest beside the cluster suites on a 2-core box,
// where testing-library's 1 s default failed pages that were only slow to render.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
// No test reaches a network socket: a page that joins /realtime/v1 outside a realtime stub gets one that
// never opens (jsdom's own would dial the test origin and fail after the test has ended).
class ClosedWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly readyState = ClosedWebSocket.CONNECTING;
  binaryType = 'arraybuffer';
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {}
}
window.WebSocket = ClosedWebSocket as unknown as typeof WebSocket;
globalThis.WebSocket = window.WebSocket;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  // The notifications store is a module singleton: without this, toasts from one test queue up in the next.
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
