import { Button, Container, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowRight, IconCoin, IconGift, IconUserPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import { CtaBand } from '@/shared/ui/CtaBand';
import { MarketingSection } from '@/shared/ui/MarketingSection';
import { PageHero } from '@/shared/ui/PageHero';
import { useStoredToken } from '../../../lib/use-stored-token';
import { DisclaimerModal } from '../components/DisclaimerModal';
import { EarlyRewards } from '../components/EarlyRewards';
import { KeyFigures } from '../components/KeyFigures';
import { TokenRoadmapSteps } from '../components/TokenRoadmapSteps';
import { Tokenomics } from '../components/Tokenomics';
import { TokenUtility } from '../components/TokenUtility';
import { WalletSecurity } from '../components/WalletSecurity';
import { IDO_QUARTER } from '../tokenomics';

/** Signed-in visitors go to their rewards; everyone else to sign-up (decided after mount). */
function PrimaryCta() {
  const signedIn = useStoredToken();
  return signedIn ? (
    <Button component={Link} to="/dashboard/rewards" size="md" leftSection={<IconGift size={18} />}>
      Go to My Rewards
    </Button>
  ) : (
    <Button component={Link} to="/sign-up" size="md" leftSection={<IconUserPlus size={18} />}>
      Sign Up for Rewards
    </Button>
  );
}

export function OfficialTokenPage() {
  usePageMeta({
    title: 'Official Token',
    description: `The ${BRAND} token on Solana: 1 trillion supply, tokenomics and unlock schedules, IDO planned ${IDO_QUARTER}, community airdrop, utility and wallet safety.`,
    keywords: ['official token', 'tokenomics', 'Solana token', 'token IDO', 'airdrop', 'creator rewards', BRAND],
  });
  const [disclaimerOpened, { open: openDisclaimer, close: closeDisclaimer }] = useDisclosure(false);

  // Opened after mount, so the prerendered HTML (and hydration) never contain the dialog.
  useEffect(() => {
    openDisclaimer();
  }, [openDisclaimer]);

  return (
    <>
      <DisclaimerModal opened={disclaimerOpened} onClose={closeDisclaimer} />

      <PageHero
        eyebrow="Official Token"
        icon={<IconCoin size={16} />}
        title={
          <>
            The{' '}
            <Text span inherit c="fanmint">
              {BRAND}
            </Text>{' '}
            Token
          </>
        }
        lead={`A Solana token that rewards fans and creators: earn it, win it and spend it across creator stores. The token IDO is planned for ${IDO_QUARTER}.`}
      >
        <PrimaryCta />
        <Button component={Link} to="/roadmap" size="md" variant="default" rightSection={<IconArrowRight size={18} />}>
          View Roadmap
        </Button>
        <Button
          size="md"
          variant="subtle"
          color="gray"
          leftSection={<IconAlertTriangle size={18} />}
          onClick={openDisclaimer}
        >
          Read the Disclaimer
        </Button>
      </PageHero>

      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Stack gap={96}>
          <MarketingSection id="figures-title" eyebrow="At a glance" title="Key figures">
            <KeyFigures />
          </MarketingSection>

          <MarketingSection
            id="tokenomics-title"
            eyebrow="Tokenomics"
            title="How the supply is allocated"
            description="Every token is accounted for, with cliffs and unlock schedules that keep the team and reserves aligned with the community."
          >
            <Tokenomics />
          </MarketingSection>

          <MarketingSection
            id="early-rewards-title"
            eyebrow="Airdrop"
            title="Rewards for early members"
            description="Two programmes for the members who joined before launch."
          >
            <EarlyRewards />
          </MarketingSection>

          <MarketingSection
            id="token-roadmap-title"
            eyebrow="Token roadmap"
            title="Nine steps from design to ecosystem"
            description="Our plan for the token. Steps and dates may change; we announce every change on our official channels."
          >
            <TokenRoadmapSteps />
          </MarketingSection>

          <MarketingSection
            id="utility-title"
            eyebrow="Utility"
            title="What the token is for"
            description="The token is built to be used on the platform, not traded for profit."
          >
            <TokenUtility />
          </MarketingSection>

          <MarketingSection
            id="security-title"
            eyebrow="Wallet security"
            title="Keep your wallet safe"
            description="Scammers target token communities. Four rules keep your tokens yours."
          >
            <WalletSecurity />
          </MarketingSection>

          <CtaBand
            id="token-cta-title"
            title="Get ready for the airdrop"
            text="Create your account, add your Solana wallet in the rewards dashboard and follow our official channels for the snapshot date."
          >
            <PrimaryCta />
            <Button component={Link} to="/roadmap" size="md" variant="default">
              View Roadmap
            </Button>
          </CtaBand>
        </Stack>
      </Container>
    </>
  );
}
