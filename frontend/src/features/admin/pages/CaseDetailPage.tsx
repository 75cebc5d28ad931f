import { Anchor, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ConsoleBadge } from '../components/ConsoleBadge';
import { usePageMeta } from '../../../lib/page-meta';
import { CaseActions } from '../components/CaseActions';
import { CaseFacts } from '../components/CaseFacts';
import { DeadlineCountdown } from '../components/DeadlineCountdown';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useAdminMe } from '../hooks/use-admin-me';
import { useCase, useCaseAction } from '../hooks/use-moderation-cases';
import { useNow } from '../hooks/use-now';
import type { ResolveCaseRequest } from '../services/admin.types';
import type { CaseAction } from '../services/moderation-api';
import { CASE_KIND_LABELS, reasonLabel } from '../services/moderation-labels';

export function CaseDetailPage() {
  const { id = '' } = useParams();
  const me = useAdminMe();
  const detail = useCase(id);
  const action = useCaseAction(id);
  const now = Math.max(useNow(30_000), detail.dataUpdatedAt);
  const item = detail.data;
  usePageMeta({ title: 'Moderation case', noindex: true });

  const onAction = async (kind: CaseAction, body?: ResolveCaseRequest): Promise<boolean> => {
    try {
      await action.mutateAsync({ action: kind, body });
      return true;
    } catch {
      return false;
    }
  };

  const backTo = !item ? '/admin/moderation' : item.status === 'resolved' ? '/admin/moderation?view=resolved' : item.kind === 'report' ? '/admin/moderation' : `/admin/moderation?view=${item.kind}`;

  return (
    <>
      <Anchor component={Link} to={backTo} size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} /> Moderation cases
        </Group>
      </Anchor>
      {!item ? (
        <QueryStatus isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <DashboardPageHeader
            dense
            title={`${CASE_KIND_LABELS[item.kind]}: ${reasonLabel(item.reason)}`}
            description={
              <Group gap="xs">
                <ConsoleBadge variant="light" color={item.status === 'open' ? 'blue' : 'gray'} tt="none">
                  {item.status === 'open' ? 'Open' : 'Resolved'}
                </ConsoleBadge>
                {item.status === 'open' && <DeadlineCountdown item={item} fetchedAt={detail.dataUpdatedAt} />}
              </Group>
            }
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <CaseActions item={item} pending={action.isPending ? action.variables.action : null} onAction={onAction} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
                  <CaseFacts item={item} now={now} fetchedAt={detail.dataUpdatedAt} meId={me.id} />
                </Card>
                {item.status === 'open' && (
                  <Text size="xs" c="dimmed">
                    Resolving records the outcome and the note in the audit log. For a case that names a content item, “Content removed” takes it offline and
                    “Content restored” puts it back, in the same step.
                  </Text>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </>
  );
}
