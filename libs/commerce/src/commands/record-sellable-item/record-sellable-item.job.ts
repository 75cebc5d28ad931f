import { Inject, Injectable } from '@nestjs/common';
import { JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { RecordSellableItem } from './record-sellable-item.js';

@Injectable()
@JobHandler('moderation', 'content-approved')
export class ContentApprovedJob implements JobProcessor<'moderation', 'content-approved'> {
  constructor(@Inject(RecordSellableItem) private readonly items: RecordSellableItem) {}

  handle(data: JobData<'moderation', 'content-approved'>) {
    return this.items.record('sellable', data);
  }
}

@Injectable()
@JobHandler('moderation', 'content-restored')
export class ContentRestoredJob implements JobProcessor<'moderation', 'content-restored'> {
  constructor(@Inject(RecordSellableItem) private readonly items: RecordSellableItem) {}

  handle(data: JobData<'moderation', 'content-restored'>) {
    return this.items.record('sellable', data);
  }
}

@Injectable()
@JobHandler('moderation', 'content-removed')
export class ContentRemovedJob implements JobProcessor<'moderation', 'content-removed'> {
  constructor(@Inject(RecordSellableItem) private readonly items: RecordSellableItem) {}

  handle(data: JobData<'moderation', 'content-removed'>) {
    return this.items.record('withdrawn', data);
  }
}
