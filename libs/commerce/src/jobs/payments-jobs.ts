import { Inject, Injectable } from '@nestjs/common';
import { JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider.js';
import { SubscriptionRenewals } from '../commands/renew-subscriptions/subscription-renewals.js';

@Injectable()
@JobHandler('payments', 'deliver-webhook')
export class DeliverWebhookJob implements JobProcessor<'payments', 'deliver-webhook'> {
  constructor(@Inject(SandboxPaymentProvider) private readonly sandbox: SandboxPaymentProvider) {}

  handle({ eventId }: JobData<'payments', 'deliver-webhook'>) {
    return this.sandbox.deliver(eventId);
  }
}

@Injectable()
@JobHandler('payments', 'settle-due')
export class SettleDueJob implements JobProcessor<'payments', 'settle-due'> {
  constructor(@Inject(SandboxPaymentProvider) private readonly sandbox: SandboxPaymentProvider) {}

  handle() {
    return this.sandbox.settleDue();
  }
}

@Injectable()
@JobHandler('payments', 'renew-subscriptions')
export class RenewSubscriptionsJob implements JobProcessor<'payments', 'renew-subscriptions'> {
  constructor(@Inject(SubscriptionRenewals) private readonly renewals: SubscriptionRenewals) {}

  handle() {
    return this.renewals.run();
  }
}
