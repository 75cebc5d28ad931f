import { ExpressAdapter } from '@nestjs/platform-express';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

const ROUTE_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all', 'search'] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];

/** The first two segments of a route's path when both are literal (`/api/purchases`), else null. */
export function routeGroup(path: string): string | null {
  const segments = path.split('/').slice(1, 3);
  if (segments.some((segment) => segment === '' || /[:*{}()?+]/.test(segment))) return null;
  return `/${segments.join('/')}`;
}

/**
 * Nest's Express adapter, with three changes:
 * - routes are grouped by the first two segments of their path, each group an Express router of
 *   its own, and one dispatcher hands a request to its group. Express tries the layers of a router
 *   one by one; with every route (118 today) on the app's router, that scan was the largest cost
 *   Express added to a small request (CPU profile of bench:purchases). A route whose first two
 *   segments are not both literal stays on the app's router, after the groups.
 * - the web app is mounted where Nest puts its not-found handler, so it answers only what no API
 *   route matched (an unknown API path gets the JSON 404);
 * - a null result is sent as JSON `null`.
 */
export class FanmintExpressAdapter extends ExpressAdapter {
  private readonly groups = new Map<string, Router>();

  constructor(private readonly afterRoutes: () => RequestHandler) {
    super();
    for (const method of ROUTE_METHODS) {
      Object.defineProperty(this, method, { value: (...args: unknown[]) => this.route(method, args) });
    }
  }

  private route(method: RouteMethod, args: unknown[]): unknown {
    const group = typeof args[0] === 'string' ? routeGroup(args[0]) : null;
    const router = group ? this.group(group) : this.getInstance();
    return (router[method] as (...handlerArgs: unknown[]) => unknown).apply(router, args);
  }

  private group(key: string): Router {
    let router = this.groups.get(key);
    if (!router) {
      if (this.groups.size === 0) this.use(this.dispatch);
      router = Router({ caseSensitive: true, strict: true });
      this.groups.set(key, router);
    }
    return router;
  }

  private readonly dispatch = (request: Request, response: Response, next: NextFunction): void => {
    const [, first, second] = request.path.split('/', 3);
    const router = this.groups.get(second === undefined ? `/${first}` : `/${first}/${second}`);
    if (router) router(request, response, next);
    else next();
  };

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body !== null) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return response.json(null);
  }

  override setNotFoundHandler(handler: RequestHandler, prefix?: string): void {
    this.use(this.afterRoutes());
    super.setNotFoundHandler(handler, prefix);
  }
}
