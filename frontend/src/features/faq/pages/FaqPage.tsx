import { Anchor, Box, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { IconHelpCircle, IconMoodEmpty } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LAUNCH_QUARTER, REVENUE_SPLIT } from '../../../content/site-facts';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND, SUPPORT_EMAIL } from '../../../lib/site';
import { CtaBand } from '@/shared/ui/CtaBand';
import marketing from '@/shared/ui/marketing.module.css';
import { PageHero } from '@/shared/ui/PageHero';
import { FaqControls } from '../components/FaqControls';
import { FaqList } from '../components/FaqList';
import { FAQS } from '../faq-entries';
import { filterFaqs, type FaqTag } from '../faq-filter';

const { fiat, token } = REVENUE_SPLIT;

export const NO_MATCH_MESSAGE = 'No FAQs found matching your search criteria.';

export function FaqPage() {
  usePageMeta({
    title: 'FAQ',
    description: `Answers about ${BRAND}: creator stores, ${fiat.creator}/${fiat.platform} and ${token.creator}/${token.platform} revenue splits, payouts, verification, the ${LAUNCH_QUARTER} launch, token IDO, tokenomics and the airdrop.`,
    keywords: ['FAQ', 'creator payouts', 'revenue split', 'token airdrop', 'tokenomics', 'creator verification', BRAND],
  });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<FaqTag>('all');
  const visible = useMemo(() => filterFaqs(FAQS, { search, tag }), [search, tag]);
  const filtered = search.trim() !== '' || tag !== 'all';

  const reset = () => {
    setSearch('');
    setTag('all');
  };

  return (
    <>
      <PageHero
        eyebrow="FAQ"
        icon={<IconHelpCircle size={16} />}
        title="Frequently Asked Questions"
        lead={`Everything about ${BRAND}: stores and earnings for creators, buying and referring for fans, and the token and airdrop.`}
      />

      <Container size="md" py={{ base: 48, sm: 64 }}>
        <Stack gap="xl">
          <FaqControls search={search} tag={tag} onSearchChange={setSearch} onTagChange={setTag} />

          <Text size="sm" className={marketing.muted} aria-live="polite" role="status">
            {filtered ? `Showing ${visible.length} of ${FAQS.length} questions` : `${FAQS.length} questions`}
          </Text>

          {visible.length > 0 ? (
            <FaqList entries={visible} />
          ) : (
            <Paper withBorder radius="lg" p="xl" ta="center">
              <Stack align="center" gap="sm">
                <IconMoodEmpty size={40} stroke={1.4} aria-hidden="true" />
                <Text fw={600}>{NO_MATCH_MESSAGE}</Text>
                <Button variant="light" onClick={reset}>
                  Clear search and filters
                </Button>
              </Stack>
            </Paper>
          )}

          <Box mt="xl">
            <CtaBand
              id="faq-help-title"
              title="Still have a question?"
              text={
                <>
                  Ask us on our official channels or email{' '}
                  <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit fw={600} underline="always">
                    {SUPPORT_EMAIL}
                  </Anchor>
                  .
                </>
              }
            >
              <Button component={Link} to="/official-social-channels" size="md">
                Official Social Channels
              </Button>
              <Button component={Link} to="/roadmap" size="md" variant="default">
                View Roadmap
              </Button>
            </CtaBand>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
