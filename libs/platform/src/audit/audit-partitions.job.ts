import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, type JobProcessor } from '../messaging/job-handler.js';

/** Keeps the audit log's monthly partitions a year ahead (the function is idempotent and takes its own lock). */
@Injectable()
@JobHandler('moderation', 'audit-partitions')
export class AuditPartitionsJob implements JobProcessor<'moderation', 'audit-partitions'> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async handle(): Promise<void> {
    await this.orm.em.fork().execute('select audit_log_add_partitions(12)');
  }
}
