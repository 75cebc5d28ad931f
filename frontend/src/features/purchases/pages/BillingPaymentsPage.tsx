import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ReceiptsSection } from '../components/billing/ReceiptsSection';
import { SavedCardsSection } from '../components/billing/SavedCardsSection';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { useExportPurchasesCsv } from '../hooks/use-purchase-queries';

/** Issue 19 Billing & Payments for fans: saved cards and receipts (the creator's payouts have their own page). */
export function BillingPaymentsPage() {
  usePageMeta({ title: 'Billing & Payments', noindex: true });
  const exportCsv = useExportPurchasesCsv();
  return (
    <Stack gap="xl" maw={900} mx="auto">
      <DashboardPageHeader
        title="Billing & Payments"
        description={
          <>
            The cards you pay with and a receipt for every payment. Subscriptions are managed in your{' '}
            <Anchor component={Link} to="/dashboard/purchases" inherit>
              purchase history
            </Anchor>
            .
          </>
        }
        action={
          <Group gap="sm" style={{ flexShrink: 0 }}>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              Payment history
            </Button>
          </Group>
        }
      />
      <SavedCardsSection />
      <ReceiptsSection />
    </Stack>
  );
}
