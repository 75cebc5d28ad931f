import type pg from 'pg';
import type { AcquirerConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** What every service needs: the pool (on the acquirer's schema), the settings and the log. */
export interface AcquirerContext {
  pool: pg.Pool;
  config: AcquirerConfig;
  log: Logger;
  /** The origin customers' browsers use for the hosted pages (known once listening). */
  publicUrl(): string;
}
