import { Button, Card, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ConsoleBadge } from '../components/ConsoleBadge';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminOnly } from '../components/AdminOnly';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useComplianceReports, useDownloadComplianceCsv } from '../hooks/use-compliance-reports';
import type { ComplianceReport } from '../services/admin.types';
import { formatDateTime } from '@/shared/format';
import { periodLabel } from '../services/moderation-labels';

interface KindFigures {
  received: number;
  resolvedOnTime: number;
  deadlineBreaches: number;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The summary is free-form JSON from the report job: read what is there, zero for anything missing. */
function figures(report: ComplianceReport) {
  const kinds = ['reports', 'takedowns', 'appeals'].map((key) => {
    const part = (report.summary[key] ?? {}) as Record<string, unknown>;
    return {
      received: count(part.received),
      resolvedOnTime: count(part.resolvedOnTime),
      deadlineBreaches: count(part.deadlineBreaches),
    } satisfies KindFigures;
  });
  const sum = (field: keyof KindFigures) => kinds.reduce((total, kind) => total + kind[field], 0);
  return {
    received: sum('received'),
    onTime: sum('resolvedOnTime'),
    breaches: sum('deadlineBreaches'),
    removed: count(report.summary.contentRemoved),
    actioned: count(report.summary.accountsActioned),
    zeroIncident: report.summary.zeroIncident === true || report.incidents === 0,
  };
}

function IncidentsCell({ report }: { report: ComplianceReport }) {
  const { zeroIncident } = figures(report);
  if (zeroIncident) {
    return (
      <ConsoleBadge color="green" variant="light" tt="none">
        Zero incidents
      </ConsoleBadge>
    );
  }
  return (
    <ConsoleBadge color="red" variant="light" tt="none">
      {report.incidents === 1 ? '1 incident' : `${report.incidents} incidents`}
    </ConsoleBadge>
  );
}

function ReportsTable() {
  const reports = useComplianceReports();
  const download = useDownloadComplianceCsv();

  if (!reports.data)
    return <QueryStatus isPending={reports.isPending} error={reports.error} onRetry={() => void reports.refetch()} />;
  if (reports.data.length === 0) {
    return (
      <Card withBorder radius="md" py="xl">
        <Text c="dimmed" ta="center" size="sm">
          No reports yet. The first monthly report is generated at the start of next month.
        </Text>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm" aria-label="Compliance reports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Period</Table.Th>
            <Table.Th visibleFrom="md">Generated</Table.Th>
            <Table.Th visibleFrom="sm">Incidents</Table.Th>
            <Table.Th visibleFrom="md">Cases</Table.Th>
            <Table.Th visibleFrom="lg">Actions taken</Table.Th>
            <Table.Th ta="right">CSV</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.data.map((report) => {
            const f = figures(report);
            const downloading = download.isPending && download.variables.id === report.id;
            return (
              <Table.Tr key={report.id}>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Text size="sm" fw={600}>
                    {periodLabel(report.period)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {report.kind === 'monthly' ? 'Monthly report' : 'Quarterly audit'}
                  </Text>
                  <Stack gap={4} hiddenFrom="sm" mt={6} align="flex-start">
                    <IncidentsCell report={report} />
                    <Text size="xs" c="dimmed">
                      {f.received} cases · {f.breaches} missed deadlines
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="md" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                  {formatDateTime(report.generatedAt)}
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ verticalAlign: 'top' }}>
                  <IncidentsCell report={report} />
                </Table.Td>
                <Table.Td visibleFrom="md" style={{ verticalAlign: 'top' }}>
                  <Text size="sm">{f.received} received</Text>
                  <Text size="xs" c="dimmed">
                    {f.onTime} resolved on time · {f.breaches} missed
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="lg" style={{ verticalAlign: 'top' }}>
                  <Text size="sm">{f.removed} content removed</Text>
                  <Text size="xs" c="dimmed">
                    {f.actioned} accounts actioned
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    loading={downloading}
                    onClick={() => download.mutate(report)}
                    aria-label={`Download CSV for ${periodLabel(report.period)} ${report.kind === 'monthly' ? 'monthly report' : 'quarterly audit'}`}
                  >
                    Download CSV
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function ComplianceReportsPage() {
  usePageMeta({ title: 'Compliance reports', noindex: true });
  return (
    <>
      <DashboardPageHeader
        dense
        title="Compliance reports"
        description="Monthly reports (a zero-incident report when nothing happened) and quarterly internal audits, generated automatically. Each CSV lists every case of its period."
      />
      <AdminOnly>
        <ReportsTable />
      </AdminOnly>
    </>
  );
}
