import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useFavoriteToggle } from '@/features/purchases';

/** The heart on a store's hero: PUT or DELETE /api/favorites/{slug}; signed-out visitors go to sign in. */
export function FavoriteButton({
  slug,
  isFavorite,
  onSignInNeeded,
}: {
  slug: string;
  isFavorite: boolean;
  onSignInNeeded: (() => void) | null;
}) {
  const toggle = useFavoriteToggle(slug);
  const label = isFavorite ? 'Remove from favourites' : 'Add to favourites';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={isFavorite ? 'light' : 'default'}
        color={isFavorite ? 'red' : undefined}
        size={36}
        radius="md"
        aria-label={label}
        aria-pressed={isFavorite}
        onClick={() => (onSignInNeeded ? onSignInNeeded() : toggle.mutate(!isFavorite))}
      >
        {isFavorite ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
