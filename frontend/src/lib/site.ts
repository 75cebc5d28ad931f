export const BRAND = 'Fanmint';
export const PRODUCT_SLUG = 'fanmint';

export const POLICY_VERSIONS = {
  terms: '1.0.0',
  privacy: '1.0.0',
  marketing: '1.0.0',
} as const;

/** The official handle is the same on every channel (SPEC §2, Official Social Channels). */
export const SOCIAL_HANDLE = 'fanmintofficial';

export const SOCIAL_LINKS = [
  { name: 'Instagram', url: `https://www.instagram.com/${SOCIAL_HANDLE}` },
  { name: 'X', url: `https://x.com/${SOCIAL_HANDLE}` },
  { name: 'TikTok', url: `https://www.tiktok.com/@${SOCIAL_HANDLE}` },
  { name: 'Telegram', url: `https://t.me/${SOCIAL_HANDLE}` },
] as const;

export type SocialName = (typeof SOCIAL_LINKS)[number]['name'];
