import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentRequestId } from '../observability/request-context.js';

/** Receives each log line (JSON, newline-terminated) instead of stdout: tests read what was logged. */
export type LogSink = (line: string) => void;

export function createLogger(level: string, name: string, sink?: LogSink): Logger {
  const options = {
    level,
    name,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every line written while a request (or a job it caused) runs names that request.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return sink ? pino(options, { write: sink }) : pino(options);
}

/** Routes Nest's own log calls into structured JSON lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
