import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { expect } from 'vitest';
import { routes } from '../app/router';

/** Loads the page component the app's route table gives `path`, as the router would. */
export async function pageAt(path: string): Promise<ComponentType> {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1)?.route;
  expect(leaf?.path).toBe(path.replace('/dashboard/', ''));
  const lazy = leaf?.lazy as () => Promise<{ Component: ComponentType }>;
  return (await lazy()).Component;
}
