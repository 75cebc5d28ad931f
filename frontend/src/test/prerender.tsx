import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { Providers } from '../app/providers';

const tree = (element: ReactElement, path: string) => (
  <Providers>
    <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
  </Providers>
);

/** The page's markup as the build-time prerender writes it (react-dom/server, no effects run). */
export function prerender(element: ReactElement, path = '/'): string {
  return renderToString(tree(element, path));
}

/** Hydrates the prerendered markup in the browser environment and fails on any mismatch React reports. */
export async function expectPrerenderToHydrate(element: ReactElement, path = '/'): Promise<void> {
  const container = document.createElement('div');
  container.innerHTML = prerender(element, path);
  document.body.appendChild(container);
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  const root = await act(async () =>
    hydrateRoot(container, tree(element, path), { onRecoverableError: (error) => recoverable.push(error) }),
  );
  const hydrationWarnings = consoleError.mock.calls.filter((args) => /hydrat/i.test(String(args[0])));
  act(() => root.unmount());
  container.remove();
  expect(recoverable).toEqual([]);
  expect(hydrationWarnings).toEqual([]);
}
