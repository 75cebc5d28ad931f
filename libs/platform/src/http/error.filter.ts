import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { AppError, errorBody } from './app-error.js';
import { MissingPrivateFileError } from '../files/private-files.js';

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'no_authorization',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'over_request_rate_limit',
};

/** What the multipart reader (busboy, under Multer) throws for a form it cannot read: no or bad boundary, cut-off data. */
const MULTIPART_READ_ERRORS = [
  /^Multipart: Boundary not found/,
  /unexpected end of (multipart data|form|file)/i,
  /^Malformed part header/,
  /needle/i,
  /^Unsupported Content-Type/,
];

export function isUnreadableMultipart(error: unknown): boolean {
  const message = (error as Error | undefined)?.message;
  return typeof message === 'string' && MULTIPART_READ_ERRORS.some((pattern) => pattern.test(message));
}

/** The error Multer raised under a Nest exception (Nest keeps it as the cause), with its code and field. */
export function multerCause(exception: unknown): { code: string; field?: string } | null {
  const cause =
    exception instanceof HttpException
      ? (exception.cause as { name?: string; code?: unknown; field?: string } | undefined)
      : undefined;
  return cause?.name === 'MulterError' && typeof cause.code === 'string'
    ? { code: cause.code, field: cause.field }
    : null;
}

/** Connection-level failures of PostgreSQL (refused, cut off, shutting down or starting up, no free connection slot), not errors of a query. */
const DATABASE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);

/** True when the exception, or one of its causes, says the database cannot be reached right now. */
export function isDatabaseUnavailable(exception: unknown): boolean {
  for (
    let error = exception as { code?: unknown; sqlState?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    error && depth < 5;
    error = error.cause as typeof error, depth++
  ) {
    if (DATABASE_UNAVAILABLE.has(String(error.code)) || DATABASE_UNAVAILABLE.has(String(error.sqlState))) return true;
    if (
      typeof error.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|the database system is (shutting down|starting up)|is not queryable/i.test(
        error.message,
      )
    )
      return true;
  }
  return false;
}

export function toAppError(exception: unknown): AppError {
  if (exception instanceof AppError) return exception;
  // While PostgreSQL restarts or fails over, the instance is fine and the request may be retried.
  if (isDatabaseUnavailable(exception))
    return new AppError(503, 'service_unavailable', 'The service is briefly unavailable; try again in a moment.');
  if (exception instanceof HttpException) {
    if (isUnreadableMultipart(exception.cause)) {
      return new AppError(
        400,
        'bad_multipart',
        `The multipart form could not be read: ${(exception.cause as Error).message}`,
      );
    }
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response && 'message' in response
        ? [response.message].flat().join('; ')
        : exception.message;
    if (status === 400 && /JSON/.test(message))
      return new AppError(400, 'bad_json', `Could not parse request body as JSON: ${message}`);
    return new AppError(status, STATUS_CODES[status] ?? (status >= 500 ? 'unexpected_failure' : 'unknown'), message);
  }
  if (exception instanceof MissingPrivateFileError)
    return new AppError(404, 'file_missing', 'This file is no longer available.');
  if (isUnreadableMultipart(exception)) {
    return new AppError(400, 'bad_multipart', `The multipart form could not be read: ${(exception as Error).message}`);
  }
  // Errors from Express and the libraries under it (http-errors) carry their status.
  const httpError = exception as { status?: number; statusCode?: number; message?: string } | undefined;
  const status = httpError?.statusCode ?? httpError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, STATUS_CODES[status] ?? 'unknown', httpError?.message ?? 'Bad request');
  }
  return new AppError(500, 'unexpected_failure', 'Unexpected failure, please try again');
}

/**
 * Every error leaves as the one error body. A route whose errors need their own wording (a form's
 * Multer limits) passes `refine`, which maps what it knows and leaves the rest to toAppError.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly refine?: (exception: unknown) => AppError | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<ServerResponse>();
    const error = this.refine?.(exception) ?? toAppError(exception);
    if (error.status === 503) this.logger.warn(`${error.code}: ${(exception as Error)?.message ?? String(exception)}`);
    else if (error.status >= 500) this.logger.error((exception as Error)?.stack ?? String(exception));
    sendError(response, error);
  }
}

/** Writes the error body on Node's response (Express's extends it), from a filter or a middleware alike. */
export function sendError(response: ServerResponse, error: AppError): void {
  if (response.headersSent) {
    // A stream that failed half way: the client sees a cut-off response, never a second one.
    response.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(error.code, error.message, error.details, error.extra));
  const retryAfter = error.extra?.retry_after;
  if (error.status === 429 && typeof retryAfter === 'number') response.setHeader('retry-after', String(retryAfter));
  response.statusCode = error.status;
  response.setHeader('x-sb-error-code', error.code);
  response.setHeader('x-supabase-api-version', '2024-01-01');
  // Always JSON, also from routes that declared another content type for their success (CSV exports).
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('content-length', Buffer.byteLength(body));
  response.end(body);
}
