import { Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { StatusBadge } from '../components/Badges';
import { ContentActions } from '../components/ContentActions';
import { ContentFacts } from '../components/ContentFacts';
import { ContentMediaPanel } from '../components/ContentMediaPanel';
import { DetailFrame } from '../components/detail/DetailFrame';
import { useAdminMe } from '../hooks/use-admin-me';
import { useContentAction, useContentDetail } from '../hooks/use-content-review';
import { useLinkRefresh } from '../hooks/use-link-refresh';
import { useNowSince } from '../hooks/use-now';
import type { ContentItem } from '../services/admin.types';
import type { ContentAction } from '../services/content-review-api';
import { formatRelative } from '@/shared/format';
import { CONTENT_STATUS } from '../services/status-labels';

/** Back to the queue at the tab the item is in. */
function queueOf(item: ContentItem | undefined): string {
  return item && item.status !== 'pending_review' && item.status !== 'draft'
    ? `/admin/content?status=${item.status}`
    : '/admin/content';
}

export function ContentDetailPage() {
  const { id = '' } = useParams();
  const me = useAdminMe();
  const navigate = useNavigate();
  const detail = useContentDetail(id);
  const action = useContentAction(id);
  const now = useNowSince(detail.dataUpdatedAt);
  const refreshMedia = useLinkRefresh(detail);
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

  return (
    <DetailFrame
      back={{ to: queueOf(detail.data), label: 'Content review' }}
      query={detail}
      render={(item) => ({
        title: item.title,
        status: <StatusBadge tone={CONTENT_STATUS[item.status]} />,
        meta: item.submittedAt && (
          <Text span size="sm" c="dimmed">
            submitted {formatRelative(item.submittedAt, now)}
          </Text>
        ),
        actions: (
          <ContentActions
            item={item}
            isAdmin={me.role === 'admin'}
            pending={action.isPending ? action.variables.action : null}
            onAction={onAction}
          />
        ),
        facts: <ContentFacts item={item} now={now} meId={me.id} />,
        evidence: <ContentMediaPanel item={item} onExpired={refreshMedia} onReload={() => void detail.refetch()} />,
      })}
    />
  );
}
