import { Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import '../purchases-styles';
import { ContentViewerModal } from '../components/ContentViewerModal';
import { EmptyState } from '../components/EmptyState';
import { PurchaseCards } from '../components/history/PurchaseCards';
import { PurchasesTable } from '../components/history/PurchasesTable';
import { SubscriptionsSection } from '../components/history/SubscriptionsSection';
import { LoadError } from '@/shared/ui/LoadError';
import { LoadMore } from '../components/LoadMore';
import { PageSection } from '../components/PageSection';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { useExportPurchasesCsv, usePurchaseHistory } from '../hooks/use-purchase-queries';
import type { PurchaseDto } from '../services/purchase-types';

function Purchases({ onOpen }: { onOpen: (purchase: PurchaseDto) => void }) {
  const history = usePurchaseHistory();
  if (history.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your purchases" />
      </Center>
    );
  }
  if (history.isError)
    return <LoadError title="Your purchases could not be loaded" onRetry={() => void history.refetch()} />;
  const purchases = history.data.pages.flatMap((page) => page.items);
  if (purchases.length === 0) {
    return (
      <EmptyState icon={IconReceipt} title="No purchases yet">
        Videos, albums, subscriptions and tips you buy show up here.
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }} visibleFrom="sm">
        <PurchasesTable purchases={purchases} onOpen={onOpen} />
      </Paper>
      <Box hiddenFrom="sm">
        <PurchaseCards purchases={purchases} onOpen={onOpen} />
      </Box>
      <LoadMore list={history} />
    </Stack>
  );
}

/** SPEC §2 Purchase History (live phase): every purchase, the CSV export, subscriptions and refunds. */
export function PurchaseHistoryPage() {
  usePageMeta({ title: 'Purchase History', noindex: true });
  const [viewing, setViewing] = useState<PurchaseDto | null>(null);
  const exportCsv = useExportPurchasesCsv();

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <DashboardPageHeader
        title="Purchase History"
        description="Everything you bought, subscribed to or tipped."
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate()}
            style={{ flexShrink: 0 }}
          >
            Export CSV
          </Button>
        }
      />
      <PageSection id="purchases-title" title="Purchases">
        <Purchases onOpen={setViewing} />
      </PageSection>
      <SubscriptionsSection />
      <section aria-labelledby="refunds-title">
        <Title order={2} fz={{ base: 20, sm: 22 }} mb="xs" id="refunds-title">
          Refunds
        </Title>
        <Group gap={4}>
          <Text c="dimmed">
            Refunds are processed within 5-10 business days. See the{' '}
            <Anchor component={Link} to="/refund-policy" inherit>
              Refund & Return Policy
            </Anchor>
            .
          </Text>
        </Group>
      </section>
      <ContentViewerModal
        purchaseId={viewing?.id ?? null}
        title={viewing?.contentTitle ?? 'Your content'}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}
