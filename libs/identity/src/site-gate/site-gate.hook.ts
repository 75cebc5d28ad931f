import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, sendError } from '#app/platform';
import { IdentityErrors } from '../identity.errors.js';
import { SITE_ACCESS_COOKIE, SiteGate } from './site-gate.js';

/** What the gate shows instead of a page, and which files that page may load while the site is locked. */
export interface GatePage {
  sendGate(request: IncomingMessage, response: ServerResponse): void;
  isGateAsset(path: string): boolean;
}

/** Paths that answer while the site is locked: the gate's own API and the health probe. */
const OPEN_PREFIXES = ['/api/site-gate/', '/health'];
const API_PREFIXES = ['/api', '/auth/', '/functions/', '/realtime/', '/rest/', '/storage/'];

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * While a site password is set, every page answers with the 'Password Page' gate and every API
 * call with 401 site_locked, except the gate itself and the files it loads, until this browser
 * holds a valid unlock cookie. Checked on the server for every request.
 */
export function siteGateMiddleware(gate: SiteGate, page: () => GatePage | null) {
  return (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'OPTIONS' || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();
    gate.admits(readCookie(request.headers.cookie, SITE_ACCESS_COOKIE)).then(
      (admitted) => {
        if (admitted) return next();
        const gatePage = page();
        const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
        if (!isApi && gatePage?.isGateAsset(path)) return next();
        if (!isApi && gatePage) return gatePage.sendGate(request, response);
        sendError(response, IdentityErrors.siteLocked());
      },
      (error: unknown) =>
        sendError(response, error instanceof AppError ? error : IdentityErrors.sitePasswordLookupFailed()),
    );
  };
}
