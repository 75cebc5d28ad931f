import { Anchor } from '@mantine/core';
import { IconKey, IconLink, IconMessageOff, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BRAND, SOCIAL_HANDLE } from '../../../lib/site';
import { IconCardGrid, type IconCardItem } from '@/shared/ui/IconCard';

const RULES: IconCardItem[] = [
  {
    icon: IconKey,
    title: 'Never share your seed phrase',
    text: `No one from ${BRAND} will ever ask for your seed phrase or private key. Anyone who does is trying to steal your wallet.`,
  },
  {
    icon: IconWallet,
    title: 'Use a self-custody Solana wallet',
    text: 'Add a Solana wallet that you control. Do not use an exchange wallet: exchanges may not credit airdropped tokens to you.',
  },
  {
    icon: IconLink,
    title: 'Follow official links only',
    text: (
      <>
        Token links and announcements come only from @{SOCIAL_HANDLE}, listed on our{' '}
        <Anchor component={Link} to="/official-social-channels" inherit fw={600} underline="always">
          official social channels
        </Anchor>{' '}
        page.
      </>
    ),
  },
  {
    icon: IconMessageOff,
    title: 'We never DM first',
    text: `${BRAND} team members never message you first. Treat any unsolicited message about the token, airdrop or wallet as a scam.`,
  },
];

/** Wallet safety rules for token holders. */
export function WalletSecurity() {
  return <IconCardGrid items={RULES} cols={{ base: 1, sm: 2 }} color="yellow" />;
}
