import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { AcquirerPaymentProvider } from './acquirer/acquirer-payment-provider.js';

/** PAYMENT_PROVIDER picks the adapter behind the port (only the sandbox acquirer ships). */
export const paymentProviders: Provider[] = [
  AcquirerPaymentProvider,
  {
    provide: PAYMENT_PROVIDER,
    inject: [APP_CONFIG, AcquirerPaymentProvider],
    useFactory: (config: AppConfig, sandbox: AcquirerPaymentProvider): PaymentProvider => {
      switch (config.PAYMENT_PROVIDER) {
        case 'sandbox':
          return sandbox;
      }
    },
  },
];
