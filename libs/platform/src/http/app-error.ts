/**
 * A business or request error with the status and machine-readable code it maps to.
 * Modules throw these (or subclasses); one filter turns them into the shared error body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * The one error body. `code`/`message` are what the auth client reads with the 2024 API
 * version header, `error_code`/`msg` what it reads without; `error` is the message again for
 * product API callers.
 */
export interface ErrorBody {
  code: string;
  error_code: string;
  message: string;
  msg: string;
  error: string;
  details?: unknown;
  [key: string]: unknown;
}

export function errorBody(
  code: string,
  message: string,
  details?: unknown,
  extra?: Record<string, unknown>,
): ErrorBody {
  return { code, error_code: code, message, msg: message, error: message, ...(details ? { details } : {}), ...extra };
}
