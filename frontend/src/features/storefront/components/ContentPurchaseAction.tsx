import { Button, Group } from '@mantine/core';
import { IconFolderOpen, IconShare, IconShoppingCart } from '@tabler/icons-react';
import type { ContentItem } from '../services/storefront.service';

export interface ContentPurchaseActionProps {
  item: ContentItem;
  /** The store's referral commission when referrals are on, else null. */
  referralPercent: number | null;
  opening: boolean;
  onBuy: () => void;
  onOpen: () => void;
  onShare: () => void;
}

/** Buy (or Open when the fan owns it) and, on albums of stores with referrals, Share & earn. */
export function ContentPurchaseAction({ item, referralPercent, opening, onBuy, onOpen, onShare }: ContentPurchaseActionProps) {
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {item.kind === 'album' && referralPercent !== null && (
        <Button size="xs" variant="subtle" leftSection={<IconShare size={14} />} onClick={onShare}>
          Share & earn {referralPercent}%
        </Button>
      )}
      {item.owned ? (
        <Button size="xs" variant="light" leftSection={<IconFolderOpen size={14} />} onClick={onOpen} loading={opening} aria-label={`Open ${item.title}`}>
          Open
        </Button>
      ) : (
        <Button size="xs" leftSection={<IconShoppingCart size={14} />} onClick={onBuy} aria-label={`Buy ${item.title}`}>
          Buy
        </Button>
      )}
    </Group>
  );
}
