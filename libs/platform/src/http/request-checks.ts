import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import getRawBody from 'raw-body';
import typeis from 'type-is';
import { AppError } from './app-error.js';
import { sendError } from './error.filter.js';
import { hasEncodedNul, JSON_BODY_LIMIT_BYTES, parseJsonBody } from './json-body.js';

/** Plain-text bodies are read as a string, up to this size (no route takes one; its DTO refuses it). */
export const TEXT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Bodies read by their route rather than here: multipart forms (Multer) and tus upload chunks (@tus/server). */
const STREAMED_TYPES = ['multipart/*', 'application/offset+octet-stream'];

type Next = (error?: unknown) => void;
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

export interface BodyRequest extends IncomingMessage {
  body?: unknown;
  /** The JSON body's exact text, for routes that verify a signature over it (payment webhooks). */
  rawBody?: string;
  originalUrl?: string;
}

export interface RequestCheckOptions {
  /** A larger JSON limit for the requests that need one (none today); others get JSON_BODY_LIMIT_BYTES. */
  jsonLimit?: (request: IncomingMessage) => number | undefined;
  /** The few routes a plain HTML form or a mail client posts to (one-click unsubscribe, RFC 8058): their urlencoded body is read as text. */
  acceptsForm?: (request: IncomingMessage) => boolean;
}

/** A form body is a word or two (`List-Unsubscribe=One-Click`): nothing larger is read. */
const FORM_BODY_LIMIT_BYTES = 4 * 1024;

/** A request carries a body when it is chunked or declares a length other than 0 (a bodiless POST sends `content-length: 0`). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * An encoded NUL in the target is refused before routing: no route or field accepts one.
 */
export function refuseEncodedNul(): Middleware {
  return (request, response, next) => {
    if (!hasEncodedNul((request as BodyRequest).originalUrl ?? request.url ?? '')) return next();
    sendError(
      response,
      new AppError(
        400,
        'bad_request',
        'The request path or query contains a NUL character (%00), which no route accepts',
      ),
    );
  };
}

/**
 * Reads request bodies before any route or DTO sees them: JSON as text up to its limit, scanned for
 * depth and NUL before it is parsed (an empty JSON body is no body: auth-js posts /logout so);
 * plain text as a string; multipart forms and tus chunks are left to the routes that stream them.
 * Any other content type with a body answers 415, and a body over its limit 413, before routing.
 */
export function readBodies(options: RequestCheckOptions = {}): Middleware {
  return (request, response, next) => {
    const req = request as BodyRequest;
    if (request.method === 'GET' || request.method === 'HEAD' || !hasBody(request)) return next();
    if (typeis(request, STREAMED_TYPES)) return next();
    const type = typeis(request, [
      'application/json',
      'text/plain',
      ...(options.acceptsForm?.(request) ? ['application/x-www-form-urlencoded'] : []),
    ]);
    if (!type) {
      request.resume();
      return sendError(response, new AppError(415, 'unsupported_media_type', 'Unsupported content type'));
    }
    const limit =
      type === 'application/json'
        ? (options.jsonLimit?.(request) ?? JSON_BODY_LIMIT_BYTES)
        : type === 'text/plain'
          ? TEXT_BODY_LIMIT_BYTES
          : FORM_BODY_LIMIT_BYTES;
    const length = request.headers['content-length'];
    // Read as bytes and decoded once (raw-body's own decoding goes through iconv-lite, chunk by chunk).
    getRawBody(request, { limit, length }).then(
      (bytes) => {
        const text = bytes.toString('utf8');
        if (type !== 'application/json') {
          req.body = text;
          return next();
        }
        req.rawBody = text;
        if (text === '') return next();
        try {
          req.body = parseJsonBody(text);
        } catch (error) {
          return sendError(response, error as AppError);
        }
        next();
      },
      (error: { type?: string; message?: string }) => {
        if (request.readable) request.resume();
        if (error.type === 'entity.too.large')
          return sendError(response, new AppError(413, 'request_too_large', 'Request body is too large'));
        if (error.type === 'request.aborted') return response.destroy();
        sendError(
          response,
          new AppError(400, 'bad_request', `The request body could not be read: ${error.message ?? 'unknown error'}`),
        );
      },
    );
  };
}

/** The exact text of a JSON request body (empty when there was none), as readBodies read it. */
export const RawBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<BodyRequest>().rawBody ?? '',
);
