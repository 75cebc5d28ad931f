import type { LogLevel } from './config.js';

const RANK: Record<Exclude<LogLevel, 'silent'>, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogSink = (line: string) => void;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * One JSON line per entry. Callers pass ids, statuses and timings, never request bodies: a
 * hosted-page form carries a card number and a CVC, and neither may reach a log.
 */
export function createLogger(level: LogLevel, sink: LogSink = (line) => process.stdout.write(`${line}\n`)): Logger {
  const write =
    (entryLevel: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (level === 'silent' || RANK[entryLevel] < RANK[level]) return;
      sink(JSON.stringify({ time: new Date().toISOString(), level: entryLevel, service: 'acquirer', msg, ...fields }));
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
