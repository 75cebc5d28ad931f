import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, JobHandler, PrivateFiles, type JobProcessor } from '#app/platform';

/** Records deleted per transaction: each holds its rows' locks while their files are deleted. */
const BATCH = 200;

interface RetainedRow {
  id: string;
  user_photo_key: string;
  id_photo_key: string;
}

/**
 * The end of record keeping: an erased creator's ID check kept for RECORD_RETENTION_YEARS
 * (verification-erasure.ts) goes, row and image files, once `retained_until` has passed.
 * Per batch, in one transaction: lock the due rows (skip those another worker holds), delete
 * their files, delete the rows. Deleting a file is idempotent, so a batch that fails to commit
 * is simply done again at the next run; a row never outlives its files unnoticed.
 */
@Injectable()
@JobHandler('moderation', 'purge-retained-records')
export class PurgeRetainedRecordsJob implements JobProcessor<'moderation', 'purge-retained-records'> {
  private readonly logger = new Logger(PurgeRetainedRecordsJob.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
  ) {}

  /** How many records were purged. */
  async handle(): Promise<{ purged: number }> {
    const now = this.clock.now();
    let purged = 0;
    for (;;) {
      const done = await this.orm.em.fork().transactional(async (em) => {
        const due = await em.execute<RetainedRow[]>(
          `select id, user_photo_key, id_photo_key from verification_submissions
            where retained_until is not null and retained_until <= ? order by retained_until limit ${BATCH} for update skip locked`,
          [now],
        );
        for (const row of due) {
          await this.files.delete(row.user_photo_key);
          await this.files.delete(row.id_photo_key);
        }
        if (due.length > 0)
          await em.execute(
            `delete from verification_submissions where id in (${due.map(() => '?').join(', ')})`,
            due.map((row) => row.id),
          );
        return due.length;
      });
      purged += done;
      if (done < BATCH) break;
    }
    if (purged > 0) this.logger.log(`purged ${purged} ID record(s) whose retention ended`);
    return { purged };
  }
}
