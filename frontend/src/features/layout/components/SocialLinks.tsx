import { ActionIcon, Group, type MantineSize } from '@mantine/core';
import { IconBrandInstagram, IconBrandTelegram, IconBrandTiktok, IconBrandX, type Icon } from '@tabler/icons-react';
import { SOCIAL_LINKS, type SocialName } from '../../../lib/site';

export const SOCIAL_ICONS: Record<SocialName, Icon> = {
  Instagram: IconBrandInstagram,
  X: IconBrandX,
  TikTok: IconBrandTiktok,
  Telegram: IconBrandTelegram,
};

export function SocialLinks({ size = 'lg' }: { size?: MantineSize }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {SOCIAL_LINKS.map(({ name, url }) => {
        const Icon = SOCIAL_ICONS[name];
        return (
          <ActionIcon
            key={name}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size={size}
            aria-label={name}
          >
            <Icon size={18} stroke={1.6} />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
