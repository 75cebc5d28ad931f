import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider.js';

/** PAYMENT_PROVIDER picks the implementation behind the port (only the sandbox ships). */
export const paymentProviders: Provider[] = [
  SandboxPaymentProvider,
  {
    provide: PAYMENT_PROVIDER,
    inject: [APP_CONFIG, SandboxPaymentProvider],
    useFactory: (config: AppConfig, sandbox: SandboxPaymentProvider): PaymentProvider => {
      switch (config.PAYMENT_PROVIDER) {
        case 'sandbox':
          return sandbox;
      }
    },
  },
];
