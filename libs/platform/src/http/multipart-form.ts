import type { IncomingMessage } from 'node:http';
import typeis from 'type-is';
import { AppError } from './app-error.js';

/**
 * A route that reads a multipart form (through Multer) checks what Multer lets through: a request
 * of another type (the route's own 415), and a form whose boundary is empty, which the reader
 * takes as a form with no parts rather than as one it cannot read.
 */
export function assertMultipartForm(request: IncomingMessage, notMultipart: () => AppError): void {
  if (!typeis(request, ['multipart/form-data'])) throw notMultipart();
  const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(request.headers['content-type'] ?? '');
  if (!(boundary?.[1] || boundary?.[2]))
    throw new AppError(400, 'bad_multipart', 'The multipart form could not be read: Multipart: Boundary not found');
}
