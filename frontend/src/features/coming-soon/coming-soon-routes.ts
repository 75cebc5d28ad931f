import type { ComingSoonKey } from './coming-soon-content';

/** Dashboard routes that show a Coming Soon page, and which one (SPEC §2). */
export const COMING_SOON_ROUTES: Readonly<Record<string, ComingSoonKey>> = {
  '/dashboard/support': 'support',
  '/dashboard/ai-business-advisor': 'ai-business-advisor',
  '/dashboard/ai-creator-studio': 'ai-creator-studio',
};
