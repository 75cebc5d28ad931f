import { SOCIAL_HANDLE, SOCIAL_LINKS, type SocialName } from '../../lib/site';
import content from './content/social-channels.json';

/** A social channel as SPEC §3 describes it. */
export interface SocialChannel {
  name: SocialName;
  /** An avatar for the channel; without one the card shows the network's icon. */
  imageUrl?: string;
  handle: string;
  url: string;
}

/** Telegram, X, Instagram and TikTok, all under the same official handle. */
export const SOCIAL_CHANNELS: SocialChannel[] = (content.order as SocialName[]).flatMap((name) => {
  const link = SOCIAL_LINKS.find((item) => item.name === name);
  return link ? [{ name, handle: `@${SOCIAL_HANDLE}`, url: link.url }] : [];
});
