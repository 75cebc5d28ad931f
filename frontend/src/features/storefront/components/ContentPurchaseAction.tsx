import { Button, Group, Text } from '@mantine/core';
import { IconFolderOpen, IconLock, IconShare, IconShoppingCart } from '@tabler/icons-react';
import type { ContentItem } from '../services/storefront.service';

export interface ContentPurchaseActionProps {
  item: ContentItem;
  /** The store's referral commission when referrals are on, else null. */
  referralPercent: number | null;
  opening: boolean;
  onBuy: () => void;
  onOpen: () => void;
  onShare: () => void;
  /**
   * A subscribers-only store and a visitor without a live subscription: the server refuses to sell,
   * so the item offers the subscription instead (null when the store offers none to take).
   */
  locked?: { onSubscribe: (() => void) | null };
}

/** Buy (or Open when the fan owns it) and, on albums of stores with referrals, Share & earn; Subscribe to unlock in a subscribers-only store. */
export function ContentPurchaseAction({
  item,
  referralPercent,
  opening,
  onBuy,
  onOpen,
  onShare,
  locked,
}: ContentPurchaseActionProps) {
  if (locked && !item.owned) {
    return locked.onSubscribe ? (
      // Grows beside the price, and takes the whole row when a narrow card wraps it under the price.
      <Button
        size="xs"
        style={{ flex: '1 0 auto' }}
        leftSection={<IconLock size={14} />}
        onClick={locked.onSubscribe}
        aria-label={`Subscribe to unlock ${item.title}`}
      >
        Subscribe to unlock
      </Button>
    ) : (
      <Group gap={4} wrap="nowrap" c="dimmed">
        <IconLock size={14} aria-hidden="true" />
        <Text size="sm">Subscribers only</Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {item.kind === 'album' && referralPercent !== null && (
        <Button size="xs" variant="subtle" leftSection={<IconShare size={14} />} onClick={onShare}>
          Share & earn {referralPercent}%
        </Button>
      )}
      {item.owned ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFolderOpen size={14} />}
          onClick={onOpen}
          loading={opening}
          aria-label={`Open ${item.title}`}
        >
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
