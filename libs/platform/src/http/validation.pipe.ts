import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError } from './app-error.js';

function flatten(errors: ValidationError[], parent = ''): { field: string; message: string }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Validates every body and query against its DTO; unknown fields are dropped, not refused. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      return new AppError(400, 'validation_failed', details[0]?.message ?? 'Invalid request', details);
    },
  });
}
