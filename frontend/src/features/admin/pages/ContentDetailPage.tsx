import { Anchor, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ReviewStatusBadge } from '../components/Badges';
import { ContentActions } from '../components/ContentActions';
import { ContentFacts } from '../components/ContentFacts';
import { ContentMediaPanel } from '../components/ContentMediaPanel';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useAdminMe } from '../hooks/use-admin-me';
import { useContentAction, useContentDetail } from '../hooks/use-content-review';
import { useNow } from '../hooks/use-now';
import type { ContentAction } from '../services/content-review-api';
import { formatRelative } from '@/shared/format';

/** A media error right after a fetch is not an expired link: don't refetch in a loop. */
const MIN_REFETCH_GAP_MS = 10_000;

export function ContentDetailPage() {
  const { id = '' } = useParams();
  const me = useAdminMe();
  const navigate = useNavigate();
  const detail = useContentDetail(id);
  const action = useContentAction(id);
  const now = Math.max(useNow(30_000), detail.dataUpdatedAt);
  const item = detail.data;
  // No titles in the page title: it ends up in browser history.
  usePageMeta({ title: 'Review content', noindex: true });

  const onAction = async (kind: ContentAction, reason?: string): Promise<boolean> => {
    let result;
    try {
      result = await action.mutateAsync({ action: kind, reason });
    } catch {
      return false;
    }
    // Back to the queue after a decision; an automatic rejection stays on screen with its reasons.
    if (kind === 'reject' || (kind === 'approve' && result.status === 'approved')) navigate('/admin/content');
    return true;
  };

  const refreshMedia = () => {
    if (Date.now() - detail.dataUpdatedAt > MIN_REFETCH_GAP_MS) void detail.refetch();
  };

  const backTo = item && item.status !== 'pending_review' && item.status !== 'draft' ? `/admin/content?status=${item.status}` : '/admin/content';

  return (
    <>
      <Anchor component={Link} to={backTo} size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} /> Content review
        </Group>
      </Anchor>
      {!item ? (
        <QueryStatus isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <DashboardPageHeader
            dense
            title={item.title}
            description={
              <Group gap="xs">
                <ReviewStatusBadge status={item.status} />
                {item.submittedAt && (
                  <Text span size="sm" c="dimmed">
                    submitted {formatRelative(item.submittedAt, now)}
                  </Text>
                )}
              </Group>
            }
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <ContentActions
                  item={item}
                  isAdmin={me.role === 'admin'}
                  pending={action.isPending ? action.variables.action : null}
                  onAction={onAction}
                />
                <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
                  <ContentFacts item={item} now={now} meId={me.id} />
                </Card>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ContentMediaPanel item={item} onExpired={refreshMedia} onReload={() => void detail.refetch()} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </>
  );
}
