import { Anchor, Card, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ApplicantTable } from '../components/ApplicantTable';
import { StatusBadge } from '../components/Badges';
import { EvidenceImage } from '../components/EvidenceImage';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { VerificationActions } from '../components/VerificationActions';
import { useNow } from '../hooks/use-now';
import { useVerificationAction, useVerificationDetail } from '../hooks/use-verifications';
import type { VerificationAction } from '../services/admin-api';
import { formatRelative } from '@/shared/format';

/** An image error right after a fetch is not an expired URL: don't refetch in a loop. */
const MIN_REFETCH_GAP_MS = 10_000;

export function VerificationDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useVerificationDetail(id);
  const action = useVerificationAction(id);
  const now = Math.max(useNow(30_000), detail.dataUpdatedAt);
  const item = detail.data;
  // No applicant data in the title: it ends up in browser history.
  usePageMeta({ title: 'Review verification', noindex: true });

  const onAction = async (kind: VerificationAction, reason?: string): Promise<boolean> => {
    try {
      await action.mutateAsync({ action: kind, reason });
    } catch {
      return false;
    }
    if (kind === 'accept' || kind === 'reject') navigate('/admin/verifications');
    return true;
  };

  const refreshImages = () => {
    if (Date.now() - detail.dataUpdatedAt > MIN_REFETCH_GAP_MS) void detail.refetch();
  };

  const backTo = item && item.status !== 'processing' ? `/admin/verifications?status=${item.status}` : '/admin/verifications';

  return (
    <>
      <Anchor component={Link} to={backTo} size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} /> Verification queue
        </Group>
      </Anchor>
      {!item ? (
        <QueryStatus isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <DashboardPageHeader
            dense
            title={item.fullName}
            description={
              <Group gap="xs">
                <StatusBadge status={item.status} />
                <Text span size="sm" c="dimmed">
                  submitted {formatRelative(item.submittedAt, now)}
                </Text>
              </Group>
            }
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <VerificationActions
                  item={item}
                  pending={action.isPending ? action.variables.action : null}
                  onAction={onAction}
                />
                <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
                  <ApplicantTable item={item} now={now} />
                </Card>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <EvidenceImage
                  title="Photo with ID"
                  hint="Face and ID held together"
                  src={item.images.userPhotoWithId}
                  onError={refreshImages}
                  onReload={() => void detail.refetch()}
                />
                <EvidenceImage
                  title="ID document"
                  hint="Government-issued ID"
                  src={item.images.idPhoto}
                  onError={refreshImages}
                  onReload={() => void detail.refetch()}
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt="xs">
                Image links expire after two minutes and are renewed automatically while this page is open.
              </Text>
            </Grid.Col>
          </Grid>
        </>
      )}
    </>
  );
}
