import { Inject, Injectable } from '@nestjs/common';
import { JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { NotifyPurchase } from './notify-purchase.js';

@Injectable()
@JobHandler('notifications', 'purchase-paid')
export class PurchasePaidJob implements JobProcessor<'notifications', 'purchase-paid'> {
  constructor(@Inject(NotifyPurchase) private readonly notify: NotifyPurchase) {}

  handle(data: JobData<'notifications', 'purchase-paid'>) {
    return this.notify.paid(data);
  }
}

@Injectable()
@JobHandler('notifications', 'purchase-disputed')
export class PurchaseDisputedJob implements JobProcessor<'notifications', 'purchase-disputed'> {
  constructor(@Inject(NotifyPurchase) private readonly notify: NotifyPurchase) {}

  handle(data: JobData<'notifications', 'purchase-disputed'>) {
    return this.notify.disputed(data);
  }
}

@Injectable()
@JobHandler('notifications', 'purchase-paid-notice')
export class PurchasePaidNoticeJob implements JobProcessor<'notifications', 'purchase-paid-notice'> {
  constructor(@Inject(NotifyPurchase) private readonly notify: NotifyPurchase) {}

  handle(data: JobData<'notifications', 'purchase-paid-notice'>) {
    return this.notify.announcePaid(data);
  }
}
