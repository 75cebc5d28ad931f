import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, JobHandler, PrivateFiles, type JobProcessor } from '#app/platform';
import { deleteSubmissions, lockRetentionEnded } from '../../repositories/verification-submissions.repository.js';

/** Records deleted per transaction: each holds its rows' locks while their files are deleted. */
const BATCH = 200;

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
        const due = await lockRetentionEnded(em, now, BATCH);
        for (const row of due) {
          await this.files.delete(row.userPhotoKey);
          await this.files.delete(row.idPhotoKey);
        }
        await deleteSubmissions(
          em,
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
