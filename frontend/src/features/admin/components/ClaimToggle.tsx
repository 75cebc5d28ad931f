import { Button } from '@mantine/core';
import { IconHandGrab, IconHandOff } from '@tabler/icons-react';

export interface ClaimToggleProps {
  /** The server's claim state for the viewer (item.claim.state). */
  state: string;
  /** Which claim call is in flight, if any. */
  pending: 'claim' | 'release' | null;
  busy: boolean;
  onToggle: (action: 'claim' | 'release') => void;
}

/** Claim an open item, or release the one you hold: the same button in every review queue. */
export function ClaimToggle({ state, pending, busy, onToggle }: ClaimToggleProps) {
  if (state === 'mine') {
    return (
      <Button
        variant="default"
        leftSection={<IconHandOff size={16} />}
        onClick={() => onToggle('release')}
        loading={pending === 'release'}
        disabled={busy}
      >
        Release
      </Button>
    );
  }
  return (
    <Button
      leftSection={<IconHandGrab size={16} />}
      onClick={() => onToggle('claim')}
      loading={pending === 'claim'}
      disabled={busy || state !== 'open'}
    >
      Claim
    </Button>
  );
}
