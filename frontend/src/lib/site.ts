/**
 * Brand and handle are build-time configuration (VITE_BRAND, VITE_SOCIAL_HANDLE, VITE_SUPPORT_EMAIL);
 * the platform page lives at /{slug}-platform.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const BRAND = env.VITE_BRAND?.trim() || 'Fanmint';
export const PRODUCT_SLUG = BRAND.toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-|-$/g, '');

export const POLICY_VERSIONS = {
  terms: '1.0.0',
  privacy: '1.0.0',
  marketing: '1.0.0',
} as const;

/** The official handle is the same on every channel (SPEC §2, Official Social Channels). */
export const SOCIAL_HANDLE = env.VITE_SOCIAL_HANDLE?.trim() || `${PRODUCT_SLUG}official`;

export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL?.trim() || `support@${PRODUCT_SLUG}.com`;

export const SOCIAL_LINKS = [
  { name: 'Instagram', url: `https://www.instagram.com/${SOCIAL_HANDLE}` },
  { name: 'X', url: `https://x.com/${SOCIAL_HANDLE}` },
  { name: 'TikTok', url: `https://www.tiktok.com/@${SOCIAL_HANDLE}` },
  { name: 'Telegram', url: `https://t.me/${SOCIAL_HANDLE}` },
] as const;

export type SocialName = (typeof SOCIAL_LINKS)[number]['name'];

/**
 * Content kept as data (Markdown, JSON) names the brand, handle and support address through
 * placeholders so a rebrand is configuration only: {{brand}}, {{handle}}, {{supportEmail}}, {{platformPath}}.
 */
export function fillBrand(text: string): string {
  return text
    .replaceAll('{{brand}}', BRAND)
    .replaceAll('{{handle}}', SOCIAL_HANDLE)
    .replaceAll('{{supportEmail}}', SUPPORT_EMAIL)
    .replaceAll('{{platformPath}}', `/${PRODUCT_SLUG}-platform`);
}
