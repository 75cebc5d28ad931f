import { Inject, Injectable } from '@nestjs/common';
import { Clock, JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { BookSale } from '../commands/book-sale/book-sale.js';
import { BookReversal } from '../commands/book-reversal/book-reversal.js';
import { RestoreWonDispute } from '../commands/restore-won-dispute/restore-won-dispute.js';
import { DispatchPayouts } from '../commands/dispatch-payouts/dispatch-payouts.js';
import { MonthEndClose, type RunSummary } from '../commands/month-end/month-end-close.js';
import { isLastDayOfMonth, periodOf, previousPeriod } from '../domain/calendar.js';

@Injectable()
@JobHandler('payouts', 'post-sale')
export class PostSaleJobHandler implements JobProcessor<'payouts', 'post-sale'> {
  constructor(@Inject(BookSale) private readonly bookSale: BookSale) {}

  handle(data: JobData<'payouts', 'post-sale'>) {
    return this.bookSale.book(data);
  }
}

@Injectable()
@JobHandler('payouts', 'post-reversal')
export class PostReversalJobHandler implements JobProcessor<'payouts', 'post-reversal'> {
  constructor(@Inject(BookReversal) private readonly bookReversal: BookReversal) {}

  handle(data: JobData<'payouts', 'post-reversal'>) {
    return this.bookReversal.book(data);
  }
}

@Injectable()
@JobHandler('payouts', 'post-dispute-won')
export class PostDisputeWonJobHandler implements JobProcessor<'payouts', 'post-dispute-won'> {
  constructor(@Inject(RestoreWonDispute) private readonly restoreWonDispute: RestoreWonDispute) {}

  handle(data: JobData<'payouts', 'post-dispute-won'>) {
    return this.restoreWonDispute.restore(data);
  }
}

@Injectable()
@JobHandler('payouts', 'dispatch-payouts')
export class DispatchPayoutsJobHandler implements JobProcessor<'payouts', 'dispatch-payouts'> {
  constructor(
    @Inject(DispatchPayouts) private readonly payouts: DispatchPayouts,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  handle(data: JobData<'payouts', 'dispatch-payouts'>) {
    return this.payouts.dispatch(data.runId, data.batchNo, this.clock.now());
  }
}

/**
 * Daily. On the last calendar day of a month it closes that month; any day it finishes a run a
 * dead worker left open, and closes last month if that run never happened (the worker was down).
 */
@Injectable()
@JobHandler('payouts', 'month-end')
export class MonthEndJobHandler implements JobProcessor<'payouts', 'month-end'> {
  constructor(
    @Inject(MonthEndClose) private readonly close: MonthEndClose,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async handle(): Promise<RunSummary[]> {
    const now = this.clock.now();
    const summaries = await this.close.resumeUnfinished(now);
    const missed = previousPeriod(periodOf(now));
    if (!(await this.close.hasRun(missed))) summaries.push(await this.close.run(missed, now));
    if (isLastDayOfMonth(now)) summaries.push(await this.close.run(periodOf(now), now));
    return summaries;
  }
}
