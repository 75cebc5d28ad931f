import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../observability/metrics.js';
import { REQUEST_ID_HEADER, acceptRequestId, runWithRequestId } from '../observability/request-context.js';

/** Requests no route matched (the SPA, static files, 404s) share one label: raw paths would explode the series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * First in the chain: gives the request its id (the caller's X-Request-Id when acceptable),
 * answers it in the same header, runs the rest of the request with it as the logging context,
 * and times the request by route template and status when the response ends (one debug line too).
 */
export function observeRequests(metrics: Metrics) {
  const logger = new Logger('Http');
  return (request: Request, response: Response, next: NextFunction) => {
    const requestId = acceptRequestId(request.headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const end = metrics.httpDuration.startTimer();
    response.once('close', () => {
      const labels = {
        method: request.method,
        route: routeTemplate(request),
        status: response.writableFinished ? String(response.statusCode) : 'aborted',
      };
      const seconds = end(labels);
      // 'close' fires outside the request's async context: name the request explicitly.
      runWithRequestId(requestId, () =>
        logger.debug(`${labels.method} ${labels.route} ${labels.status} ${Math.round(seconds * 1000)} ms`),
      );
    });
    runWithRequestId(requestId, next);
  };
}

/** `/api/content/:id`, never `/api/content/42`: Express keeps the matched route's pattern on the request. */
export function routeTemplate(request: Pick<Request, 'baseUrl' | 'route'>): string {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return path === undefined ? UNMATCHED_ROUTE : `${request.baseUrl ?? ''}${String(path)}`;
}
