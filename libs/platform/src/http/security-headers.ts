import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

const POLICY: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers, computed once from the policy and set on every response. (Running helmet per
 * request re-parses the policy each time, which was the largest fixed cost of a small request.)
 */
/** The Content-Security-Policy header every response carries (HTML pages add their inline-script hashes). */
export const CONTENT_SECURITY_POLICY: string = securityHeaders()['content-security-policy'] ?? "default-src 'self'";

export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(POLICY)({} as never, response as never, () => undefined);
  return headers;
}

/** The policy with other origins allowed for images and video (the bucket presigned media links redirect to). */
export function withMediaOrigins(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  const directives = policy
    .split(';')
    .map((directive) => (directive.startsWith('img-src ') ? `${directive} ${origins.join(' ')}` : directive));
  return [...directives, `media-src 'self' ${origins.join(' ')}`].join(';');
}

/** Sets the policy's headers on every response (HTML pages replace the CSP with one naming their inline scripts). */
export function securityHeadersMiddleware(
  mediaOrigins: readonly string[] = [],
): (request: IncomingMessage, response: ServerResponse, next: () => void) => void {
  const headers = Object.entries({
    ...securityHeaders(),
    'content-security-policy': withMediaOrigins(CONTENT_SECURITY_POLICY, mediaOrigins),
  });
  return (_request, response, next) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  };
}
