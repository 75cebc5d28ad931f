import type { ApiError as ApiErrorBody } from '../client/api-types.js';

type ErrorType = ApiErrorBody['error']['type'];

/** A refusal the merchant API reports as `{ error: { type, message, param? } }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }

  static invalid(message: string, param?: string): ApiError {
    return new ApiError(400, 'invalid_request', message, param);
  }

  static notFound(what: string, id: string): ApiError {
    return new ApiError(404, 'not_found', `No such ${what}: '${id}'`);
  }

  static conflict(message: string): ApiError {
    return new ApiError(409, 'conflict', message);
  }

  toBody(): ApiErrorBody {
    return { error: { type: this.type, message: this.message, ...(this.param ? { param: this.param } : {}) } };
  }
}
