import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError, errorBody } from './app-error.js';

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

/** What the multipart reader (busboy) throws for a form it cannot read: no or bad boundary, cut-off data. */
const MULTIPART_READ_ERRORS = [/^Multipart: Boundary not found/, /unexpected end of multipart data/i, /^The needle cannot/, /^Unsupported Content-Type/];

export function isUnreadableMultipart(error: unknown): boolean {
  const message = (error as Error | undefined)?.message;
  return typeof message === 'string' && MULTIPART_READ_ERRORS.some((pattern) => pattern.test(message));
}

export function toAppError(exception: unknown): AppError {
  if (exception instanceof AppError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response && 'message' in response
        ? [response.message].flat().join('; ')
        : exception.message;
    if (status === 400 && /JSON/.test(message)) return new AppError(400, 'bad_json', `Could not parse request body as JSON: ${message}`);
    return new AppError(status, STATUS_CODES[status] ?? (status >= 500 ? 'unexpected_failure' : 'unknown'), message);
  }
  if (isUnreadableMultipart(exception)) {
    return new AppError(400, 'bad_multipart', `The multipart form could not be read: ${(exception as Error).message}`);
  }
  const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
  if (fastifyError?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || exception instanceof SyntaxError) {
    return new AppError(400, 'bad_json', `Could not parse request body as JSON: ${fastifyError.message}`);
  }
  if (fastifyError?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError(413, 'request_too_large', 'Request body is too large');
  }
  if (fastifyError?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError(415, 'unsupported_media_type', 'Unsupported content type');
  }
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode < 500) {
    return new AppError(fastifyError.statusCode, STATUS_CODES[fastifyError.statusCode] ?? 'unknown', fastifyError.message ?? 'Bad request');
  }
  return new AppError(500, 'unexpected_failure', 'Unexpected failure, please try again');
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const error = toAppError(exception);
    if (error.status >= 500) this.logger.error((exception as Error)?.stack ?? String(exception));
    sendError(reply, error);
  }
}

export function sendError(reply: FastifyReply, error: AppError): void {
  const retryAfter = error.extra?.retry_after;
  if (error.status === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
  void reply
    .status(error.status)
    .header('x-sb-error-code', error.code)
    .header('x-supabase-api-version', '2024-01-01')
    // Always JSON, also from routes that declared another content type for their success (CSV exports).
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(error.code, error.message, error.details, error.extra));
}
