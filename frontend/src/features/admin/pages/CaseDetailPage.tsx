import { Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { StatusBadge } from '../components/Badges';
import { CaseActions } from '../components/CaseActions';
import { CaseFacts } from '../components/CaseFacts';
import { DeadlineCountdown } from '../components/DeadlineCountdown';
import { DetailFrame } from '../components/detail/DetailFrame';
import { useAdminMe } from '../hooks/use-admin-me';
import { useCase, useCaseAction } from '../hooks/use-moderation-cases';
import { useNowSince } from '../hooks/use-now';
import type { ModerationCase, ResolveCaseRequest } from '../services/admin.types';
import type { CaseAction } from '../services/moderation-api';
import { CASE_KIND_LABELS, reasonLabel } from '../services/moderation-labels';
import { CASE_STATUS } from '../services/status-labels';

/** Back to the queue at the tab the case is in (reports are the default tab). */
function queueOf(item: ModerationCase | undefined): string {
  if (!item || (item.status === 'open' && item.kind === 'report')) return '/admin/moderation';
  return `/admin/moderation?view=${item.status === 'resolved' ? 'resolved' : item.kind}`;
}

export function CaseDetailPage() {
  const { id = '' } = useParams();
  const me = useAdminMe();
  const detail = useCase(id);
  const action = useCaseAction(id);
  const now = useNowSince(detail.dataUpdatedAt);
  usePageMeta({ title: 'Moderation case', noindex: true });

  const onAction = async (kind: CaseAction, body?: ResolveCaseRequest): Promise<boolean> => {
    try {
      await action.mutateAsync({ action: kind, body });
      return true;
    } catch {
      return false;
    }
  };

  return (
    <DetailFrame
      back={{ to: queueOf(detail.data), label: 'Moderation cases' }}
      query={detail}
      render={(item) => ({
        title: `${CASE_KIND_LABELS[item.kind]}: ${reasonLabel(item.reason)}`,
        status: <StatusBadge tone={CASE_STATUS[item.status]} />,
        meta: item.status === 'open' && <DeadlineCountdown item={item} fetchedAt={detail.dataUpdatedAt} />,
        actions: (
          <CaseActions item={item} pending={action.isPending ? action.variables.action : null} onAction={onAction} />
        ),
        facts: <CaseFacts item={item} now={now} fetchedAt={detail.dataUpdatedAt} meId={me.id} />,
        note: item.status === 'open' && (
          <Text size="xs" c="dimmed">
            Resolving records the outcome and the note in the audit log. For a case that names a content item, “Content
            removed” takes it offline and “Content restored” puts it back, in the same step.
          </Text>
        ),
      })}
    />
  );
}
