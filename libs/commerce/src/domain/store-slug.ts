export type SlugCheck = { ok: true; slug: string } | { ok: false; slug: string; message: string };

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 40;

/**
 * Addresses a store may not take: the site's own routes (SPEC §2, so /{slug} and /stores/{slug}
 * never shadow a page), the API's fixed paths under /api/stores, and names that would pass a
 * store off as the platform or its staff.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // Public and dashboard routes of SPEC §2 (and the /signup spelling it links to).
  'stores',
  'categories',
  'sign-in',
  'signin',
  'two-fa-login',
  'lost-access-to-2fa',
  'sign-up',
  'signup',
  'check-email',
  'verify-email',
  'forgot-password',
  'reset-password',
  'instructions-after-reset',
  'account-locked',
  'create-new-password',
  'fanmint-platform',
  'official-token',
  'official-social-channels',
  'roadmap',
  'faq',
  'contact-us',
  'contact',
  'help-center',
  'terms',
  'privacy',
  'refund-policy',
  'chargeback-policy',
  'user-creator-agreement',
  'complaints-policy',
  'content-management-policy',
  'dashboard',
  'support',
  'security',
  'settings',
  'verification',
  'rewards',
  // Server paths.
  'admin',
  'api',
  'auth',
  'functions',
  'docs',
  'health',
  'assets',
  'static',
  'public',
  'storage',
  'uploads',
  // Fixed paths under /api/stores.
  'mine',
  'slug-available',
  'new',
  'edit',
  // Names a fan could take for the platform speaking.
  'official',
  'staff',
  'moderator',
  'moderators',
  'administrator',
  'team',
  'billing',
  'payments',
  'payouts',
  'help',
  'login',
  'logout',
  'register',
  'account',
  'accounts',
  'me',
  'www',
  'mail',
  'email',
  'null',
  'undefined',
]);

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A store's address (fanmint.com/stores/{slug}); input is trimmed and lower-cased first. */
export function checkSlug(input: string): SlugCheck {
  const slug = input.trim().toLowerCase();
  const refuse = (message: string): SlugCheck => ({ ok: false, slug, message });
  if (slug.length < SLUG_MIN_LENGTH || slug.length > SLUG_MAX_LENGTH) {
    return refuse(`A store address has ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} characters`);
  }
  if (!SLUG_PATTERN.test(slug)) {
    return refuse(
      'A store address uses lowercase letters, digits and single hyphens, and cannot start or end with a hyphen',
    );
  }
  if (RESERVED_SLUGS.has(slug)) return refuse(`"${slug}" is reserved: choose another store address`);
  // Phishing guard: the sign-in page tells users to check the official address.
  if (slug.includes('fanmint')) return refuse('A store address cannot contain the platform name');
  return { ok: true, slug };
}
