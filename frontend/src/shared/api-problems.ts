import { ApiError } from '../lib/api-client';

/** One refused field of a 400 validation_failed answer (`details`). */
export interface FieldProblem {
  field: string;
  message: string;
}

const isProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).field === 'string' &&
  typeof (value as FieldProblem).message === 'string';

/** The field problems of a validation refusal; none for any other error. */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const details = error.body?.details;
  return Array.isArray(details) ? details.filter(isProblem) : [];
}

/** The error code the API sent (`not_verified`, `slug_taken`, ...). */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.body?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The service's own message for a refused request (4xx), otherwise the fallback (server faults, network). */
export function serviceMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return fallback;
}

/** The server's message for a refused request, or a general one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError && error.status < 500 && error.body?.message ? error.body.message : fallback;
}
