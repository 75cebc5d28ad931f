// The demo: the accounts `npm start` seeds (apps/api/src/seed.ts) and, in the live phase, a store
// with content, a verified creator and a fan's purchases (seed-marketplace.ts), made through the
// modules' own commands. Only the seed entry points and test/ use it.
export { DEMO_ACCOUNTS, demoEmail } from './demo-accounts.js';
export { DEMO_STORE, seedDemoMarketplace, type DemoMarketplace } from './demo-marketplace.js';
