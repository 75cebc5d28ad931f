import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { serviceMessage } from '@/shared/api-problems';
import { downloadCsv } from '../services/csv-download';

export function ExportCsvButton({ path, fileName }: { path: string; fileName: string }) {
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, fileName);
    } catch (error) {
      console.error('CSV export failed', error);
      notify.error(serviceMessage(error, 'The export could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void onClick()}>
      Export CSV
    </Button>
  );
}
