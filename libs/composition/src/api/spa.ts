import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { AppError, CONTENT_SECURITY_POLICY, sendError, withMediaOrigins } from '#app/platform';

const API_PREFIXES = ['/api', '/auth/', '/functions/', '/health', '/rest/', '/storage/'];
/** Routes the app renders in the browser only (signed-in or token-bearing pages). */
const CLIENT_ROUTES = [
  /^\/dashboard(\/.*)?$/,
  /^\/admin(\/.*)?$/,
  /^\/stores\/[a-z0-9-]{3,40}$/,
  /^\/create-new-password\/[^/]+$/,
  /^\/checkout\/return$/,
  /^\/feed$/,
];
/** Written into prerendered pages at build time; replaced with PUBLIC_URL when served. */
const ORIGIN_PLACEHOLDER = '__SITE_ORIGIN__';
/** In index.html's `fanmint-anon-key` meta tag: the web app sends the configured PUBLIC_ANON_KEY, not a built-in one. */
const ANON_KEY_PLACEHOLDER = '__PUBLIC_ANON_KEY__';

interface Page {
  readonly body: string;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

interface PrerenderManifest {
  pages: Record<string, string>;
  sitemap: string[];
  notFound: string;
  gate: string;
  gateAssets: string[];
}

/** What the site gate needs from the web app: the gate page and the files it loads. */
export interface SpaPages {
  sendGate(request: IncomingMessage, response: ServerResponse): void;
  isGateAsset(path: string): boolean;
}

/** The web app: its router (mounted after the API routes) and what the site gate needs from it. */
export interface WebApp extends SpaPages {
  router: Router;
}

/**
 * A page's compressed forms are made on its first request in each encoding and kept: brotli at quality
 * 11 costs tens of milliseconds a page, and an api that starts (a deploy, every test platform) should
 * not pay it for the thirty-odd pages before it answers anything.
 */
function page(body: string): Page {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    body,
    get br() {
      return (br ??= brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    },
    get gzip() {
      return (gzip ??= gzipSync(body, { level: 9 }));
    },
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

/** Every inline script's hash, so the policy allows exactly our own inline scripts and nothing else. */
function cspFor(html: string, mediaOrigins: readonly string[]): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .filter((code) => code.trim().length > 0)
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  const policy = withMediaOrigins(CONTENT_SECURITY_POLICY, mediaOrigins);
  return hashes.length ? policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : policy;
}

function sendPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: Page,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  response.statusCode = status;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-cache');
  response.setHeader('vary', 'accept-encoding');
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (status === 200) {
    response.setHeader('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) {
      response.statusCode = 304;
      return void response.end();
    }
  }
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', page.br]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', page.gzip]
      : [null, Buffer.from(page.body)];
  if (encoding) response.setHeader('content-encoding', encoding);
  response.setHeader('content-length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}

const noRoute = (request: IncomingMessage, response: ServerResponse, path: string) =>
  sendError(response, new AppError(404, 'not_found', `No route for ${request.method} ${path}`));

/**
 * Serves the built web app: hashed assets as immutable files (pre-compressed at build), each public
 * route as its prerendered HTML, client-only routes (dashboard, reset links) as the app shell, and
 * anything else as the prerendered not-found page with status 404. Also sitemap.xml and robots.txt.
 */
export function serveSpa(
  webDist: string | undefined,
  publicUrl: string,
  mediaOrigins: readonly string[] = [],
  anonKey = 'fanmint-public-anon-key',
): WebApp | null {
  const router = Router({ caseSensitive: true, strict: true });
  const root = webDist && existsSync(join(webDist, 'index.html')) ? webDist : null;
  if (!root) return null;
  const load = (file: string) =>
    readFileSync(join(root, file), 'utf8')
      .replaceAll(ORIGIN_PLACEHOLDER, publicUrl)
      .replaceAll(ANON_KEY_PLACEHOLDER, anonKey);
  const manifestPath = join(root, 'prerendered', 'manifest.json');
  const manifest: PrerenderManifest | null = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8'))
    : null;

  const shellHtml = load('index.html');
  const shell = page(shellHtml);
  const csp = { 'content-security-policy': cspFor(shellHtml, mediaOrigins) };
  const pages = new Map(Object.entries(manifest?.pages ?? {}).map(([path, file]) => [path, page(load(file))]));
  const notFound = manifest ? page(load(manifest.notFound)) : shell;
  const gate = manifest ? page(load(manifest.gate)) : shell;
  const gateAssets = new Set(manifest?.gateAssets ?? []);
  const sitemap = manifest?.sitemap ?? [];
  const assets = join(root, 'assets');

  // Built files, the pre-compressed copy the browser accepts (brotli first); hashed assets are immutable.
  router.use(
    expressStaticGzip(root, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        redirect: false,
        setHeaders: (response: ServerResponse, path: string) =>
          response.setHeader(
            'cache-control',
            path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          ),
      },
    }),
  );
  router.get('/robots.txt', (_request: Request, response: Response) => {
    response
      .type('text/plain; charset=utf-8')
      .set('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth/\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      );
  });
  router.get('/sitemap.xml', (_request: Request, response: Response) => {
    response
      .type('application/xml; charset=utf-8')
      .set('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
          sitemap.map((path) => `  <url><loc>${publicUrl}${path === '/' ? '/' : path}</loc></url>`).join('\n') +
          `\n</urlset>\n`,
      );
  });
  router.get('/signup', (_request: Request, response: Response) => response.redirect(301, '/sign-up'));
  router.use((request: Request, response: Response) => {
    const path = request.path;
    if (
      API_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    )
      return noRoute(request, response, path);
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const prerendered = pages.get(normalised);
    if (prerendered) return sendPage(request, response, prerendered, 200, csp);
    if (CLIENT_ROUTES.some((route) => route.test(normalised))) return sendPage(request, response, shell, 200, csp);
    return sendPage(request, response, notFound, 404, csp);
  });

  return {
    router,
    sendGate: (request, response) =>
      sendPage(request, response, gate, 401, { ...csp, 'x-robots-tag': 'noindex', 'cache-control': 'no-store' }),
    isGateAsset: (path) => gateAssets.has(path),
  };
}

/** Where no web app is built: every path the API does not answer is a JSON 404. */
export function noWebApp(): Router {
  const router = Router();
  router.use((request: Request, response: Response) => noRoute(request, response, request.path));
  return router;
}
