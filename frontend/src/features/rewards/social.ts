import { SOCIAL_CHANNELS } from '@/features/site';

/** The official channels in the spec's order: Telegram, X, Instagram, TikTok. */
export const FOLLOW_CHANNELS = SOCIAL_CHANNELS;

/** The official Telegram channel: the banner's Join Community link and the Mega Draw's way in. */
export const TELEGRAM_URL = SOCIAL_CHANNELS.find((channel) => channel.name === 'Telegram')?.url ?? '';
