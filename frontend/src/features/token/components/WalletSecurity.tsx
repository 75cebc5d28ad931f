import { Anchor, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey, IconLink, IconMessageOff, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, SOCIAL_HANDLE } from '../../../lib/site';
import classes from '../../roadmap/components/marketing.module.css';

const RULES: { icon: typeof IconKey; title: string; text: ReactNode }[] = [
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
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {RULES.map((rule) => (
        <Paper key={rule.title} withBorder radius="lg" p="lg" className={classes.card}>
          <ThemeIcon size={44} radius="xl" variant="light" color="yellow" mb="sm">
            <rule.icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} size="h4">
            {rule.title}
          </Title>
          <Text mt={6} className={classes.muted}>
            {rule.text}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
