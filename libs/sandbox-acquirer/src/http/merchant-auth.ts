import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../domain/errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <secret key>`, compared in constant time; anything else is 401. */
export function merchantAuth(secretKey: string) {
  const expected = digest(secretKey);
  return (request: Request, response: Response, next: NextFunction) => {
    const match = /^Bearer (.+)$/.exec(request.header('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1]), expected)) {
      response.setHeader('www-authenticate', 'Bearer realm="acquirer"');
      next(
        new ApiError(
          401,
          'authentication_required',
          'A valid secret key is required: Authorization: Bearer <secret key>',
        ),
      );
      return;
    }
    next();
  };
}
