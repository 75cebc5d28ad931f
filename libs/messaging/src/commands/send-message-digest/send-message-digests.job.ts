import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, JobHandler, Outbox, type JobProcessor } from '#app/platform';
import { DIGEST_AFTER_MS } from '../../domain/digest.js';
import { membersWithDueMessages } from '../../queries/due-messages/due-messages.queries.js';

/** Users queued per transaction. */
const BATCH = 500;

/**
 * The quarter-hourly tick of the unread-messages digest: only fans out. Each user with a message due
 * (and the digest not turned off) gets one `message-digest` job through the outbox; that job decides
 * and sends under locks, so a user queued twice (two ticks, a retried batch) still gets one email.
 */
@Injectable()
@JobHandler('notifications', 'message-digests')
export class SendMessageDigestsJob implements JobProcessor<'notifications', 'message-digests'> {
  private readonly logger = new Logger(SendMessageDigestsJob.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async handle(): Promise<{ queued: number }> {
    const cutoff = new Date(this.clock.now().getTime() - DIGEST_AFTER_MS);
    let after = '00000000-0000-0000-0000-000000000000';
    let queued = 0;
    for (;;) {
      const users = await this.orm.em.fork().transactional(async (em) => {
        const users = await membersWithDueMessages(em, after, cutoff, BATCH);
        for (const userId of users) this.outbox.enqueue(em, 'notifications', 'message-digest', { userId });
        return users;
      });
      queued += users.length;
      if (users.length < BATCH) break;
      after = users[users.length - 1];
    }
    if (queued > 0) this.logger.log(`queued the unread-messages digest of ${queued} user(s)`);
    return { queued };
  }
}
