import { SimpleGrid, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { ApplicantTable } from '../components/ApplicantTable';
import { StatusBadge } from '../components/Badges';
import { DetailFrame } from '../components/detail/DetailFrame';
import { EvidenceImage } from '../components/EvidenceImage';
import { VerificationActions } from '../components/VerificationActions';
import { useLinkRefresh } from '../hooks/use-link-refresh';
import { useNowSince } from '../hooks/use-now';
import { useVerificationAction, useVerificationDetail } from '../hooks/use-verifications';
import type { VerificationAction } from '../services/admin-api';
import type { VerificationDetail } from '../services/admin.types';
import { formatRelative } from '@/shared/format';
import { VERIFICATION_STATUS } from '../services/status-labels';

/** Back to the queue at the tab the submission is in. */
function queueOf(item: VerificationDetail | undefined): string {
  return item && item.status !== 'processing' ? `/admin/verifications?status=${item.status}` : '/admin/verifications';
}

export function VerificationDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useVerificationDetail(id);
  const action = useVerificationAction(id);
  const now = useNowSince(detail.dataUpdatedAt);
  const refreshImages = useLinkRefresh(detail);
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

  const reload = () => void detail.refetch();
  const evidence = (item: VerificationDetail) => (
    <div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EvidenceImage
          title="Photo with ID"
          hint="Face and ID held together"
          src={item.images.userPhotoWithId}
          onError={refreshImages}
          onReload={reload}
        />
        <EvidenceImage
          title="ID document"
          hint="Government-issued ID"
          src={item.images.idPhoto}
          onError={refreshImages}
          onReload={reload}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Image links expire after two minutes and are renewed automatically while this page is open.
      </Text>
    </div>
  );

  return (
    <DetailFrame
      back={{ to: queueOf(detail.data), label: 'Verification queue' }}
      query={detail}
      render={(item) => ({
        title: item.fullName,
        status: <StatusBadge tone={VERIFICATION_STATUS[item.status]} />,
        meta: (
          <Text span size="sm" c="dimmed">
            submitted {formatRelative(item.submittedAt, now)}
          </Text>
        ),
        actions: (
          <VerificationActions
            item={item}
            pending={action.isPending ? action.variables.action : null}
            onAction={onAction}
          />
        ),
        facts: <ApplicantTable item={item} now={now} />,
        evidence: evidence(item),
      })}
    />
  );
}
