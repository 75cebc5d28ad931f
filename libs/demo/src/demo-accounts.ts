import type { SeedAccount } from '#app/identity';

/** The demo accounts `npm start` prints; fixed so a README and a demo can name them. */
export const DEMO_ACCOUNTS: SeedAccount[] = [
  { role: 'fan', email: 'fan@fanmint.local', password: 'Fan-demo-2026!' },
  { role: 'creator', email: 'creator@fanmint.local', password: 'Creator-demo-2026!' },
  { role: 'moderator', email: 'moderator@fanmint.local', password: 'Moderator-demo-2026!' },
  { role: 'admin', email: 'admin@fanmint.local', password: 'Admin-demo-2026!' },
];

export const demoEmail = (role: SeedAccount['role']) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
