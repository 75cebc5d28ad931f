import { GoTrueClient } from '@supabase/auth-js';
import { PUBLIC_ANON_KEY } from '../../../lib/auth-client';
import { keepAdminTokenCurrent } from './admin-token';

/** Where the console keeps its own session, apart from the user's: signing in here never replaces it. */
export const ADMIN_AUTH_STORAGE_KEY = 'fanmint-admin-auth';

/** The console's auth client. Only loaded with the admin chunk, which is never prerendered. */
export const adminAuth = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  headers: { apikey: PUBLIC_ANON_KEY },
  storageKey: ADMIN_AUTH_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
  // A session in the address bar belongs to the user's client (email links), never to the console.
  detectSessionInUrl: false,
  flowType: 'implicit',
});

keepAdminTokenCurrent(adminAuth);
