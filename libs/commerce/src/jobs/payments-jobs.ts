import { Inject, Injectable } from '@nestjs/common';
import { JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { SubscriptionRenewals } from '../commands/renew-subscriptions/subscription-renewals.js';
import { ExpireCheckouts } from '../commands/expire-checkouts/expire-checkouts.js';
import { ReturnPayment } from '../commands/return-payment/return-payment.js';

@Injectable()
@JobHandler('payments', 'renew-subscriptions')
export class RenewSubscriptionsJob implements JobProcessor<'payments', 'renew-subscriptions'> {
  constructor(@Inject(SubscriptionRenewals) private readonly renewals: SubscriptionRenewals) {}

  handle() {
    return this.renewals.run();
  }
}

@Injectable()
@JobHandler('payments', 'expire-checkouts')
export class ExpireCheckoutsJob implements JobProcessor<'payments', 'expire-checkouts'> {
  constructor(@Inject(ExpireCheckouts) private readonly checkouts: ExpireCheckouts) {}

  handle() {
    return this.checkouts.run();
  }
}

@Injectable()
@JobHandler('payments', 'return-payment')
export class ReturnPaymentJob implements JobProcessor<'payments', 'return-payment'> {
  constructor(@Inject(ReturnPayment) private readonly payments: ReturnPayment) {}

  handle({ purchaseId }: JobData<'payments', 'return-payment'>) {
    return this.payments.run(purchaseId);
  }
}
