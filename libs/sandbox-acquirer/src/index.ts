// The sandbox acquirer: "another company's" payment service, run in-process by tests or as its
// own process (apps/acquirer/src/main.ts). Fanmint's adapter reuses only ./client (signature check, object shapes).
export { createAcquirer, type Acquirer, type AcquirerOptions } from './acquirer.js';
export { loadAcquirerConfig, AcquirerConfigError, type AcquirerConfig } from './config.js';
export { TEST_CARDS, type TestCard, type CardBehaviour } from './domain/test-cards.js';
export { THREE_DS_CODE } from './services/hosted-checkout.js';
export * from './client/index.js';
