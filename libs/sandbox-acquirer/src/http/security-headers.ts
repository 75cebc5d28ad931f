import type { NextFunction, Request, Response } from 'express';

/** Headers every answer carries; pages then widen the CSP for their merchant (see `pageCsp`). */
export function securityHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader(
    'content-security-policy',
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('x-frame-options', 'DENY');
  response.setHeader('referrer-policy', 'no-referrer');
  response.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  response.setHeader('cross-origin-opener-policy', 'same-origin');
  response.setHeader('cross-origin-resource-policy', 'same-origin');
  response.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  response.setHeader('cache-control', 'no-store');
  next();
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The hosted page's policy: its own styles and script only; forms post here and may end in a
 * redirect to the merchant's return URLs (browsers check form-action on that redirect too); the
 * merchant that created the session may show the page in a frame.
 */
export function pageCsp(response: Response, merchantUrls: string[] = []): void {
  const merchants = [...new Set(merchantUrls.map(origin).filter((value): value is string => Boolean(value)))];
  const ancestors = merchants.length ? merchants.join(' ') : "'none'";
  response.setHeader(
    'content-security-policy',
    [
      "default-src 'none'",
      "style-src 'self'",
      "script-src 'self'",
      "img-src 'self' data:",
      `form-action 'self' ${merchants.join(' ')}`.trim(),
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
    ].join('; '),
  );
  if (merchants.length) response.removeHeader('x-frame-options');
}
