import { Button, Group } from '@mantine/core';
import { IconDatabaseExport, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { downloadFile } from '../services/account.service';
import { SectionCard } from '@/shared/ui/SectionCard';

export function DataExportCard() {
  const [pending, setPending] = useState<'json' | 'csv' | null>(null);
  const download = async (kind: 'json' | 'csv') => {
    setPending(kind);
    try {
      if (kind === 'json') await downloadFile('/api/account/export', 'fanmint-data.json');
      else await downloadFile('/api/account/export/purchases.csv', 'fanmint-purchases.csv');
    } catch (error) {
      notify.error(`Download failed: ${(error as Error).message}`);
    } finally {
      setPending(null);
    }
  };
  return (
    <SectionCard
      icon={<IconDatabaseExport size={22} />}
      title="Download my data"
      description="A copy of your account, purchases, subscriptions, consents, earnings and messages, as JSON; your purchases also as a spreadsheet (CSV)."
    >
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} />}
          variant="light"
          loading={pending === 'json'}
          onClick={() => download('json')}
        >
          Download my data
        </Button>
        <Button
          leftSection={<IconFileSpreadsheet size={16} />}
          variant="default"
          loading={pending === 'csv'}
          onClick={() => download('csv')}
        >
          Purchases (CSV)
        </Button>
      </Group>
    </SectionCard>
  );
}
