import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ModerationCase } from '../services/admin.types';
import { formatDateTime } from '@/shared/format';
import { CASE_KIND_LABELS, reasonLabel, SUBJECT_LABELS } from '../services/moderation-labels';
import { DeadlineCountdown, ResolvedDeadline } from './DeadlineCountdown';
import { CopyableId, DecidedAt, FactRow, FactTable, FactTime } from './FactRow';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A link to what the case is about, where the console or the site can show it. */
function SubjectLink({ item }: { item: ModerationCase }) {
  if (item.subjectType === 'content' && UUID.test(item.subjectId)) {
    return (
      <Anchor component={Link} to={`/admin/content/${item.subjectId}`} size="sm">
        Open in Content review
      </Anchor>
    );
  }
  if (item.subjectType === 'store') {
    return (
      <Anchor
        href={`/stores/${encodeURIComponent(item.subjectId)}`}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
      >
        Open the store
      </Anchor>
    );
  }
  return null;
}

export function CaseFacts({
  item,
  now,
  fetchedAt,
  meId,
}: {
  item: ModerationCase;
  now: number;
  fetchedAt: number;
  meId: string;
}) {
  return (
    <FactTable label="Case details">
      <FactRow label="Kind">{CASE_KIND_LABELS[item.kind]}</FactRow>
      <FactRow label="Subject">
        <Text size="sm" fw={600}>
          {SUBJECT_LABELS[item.subjectType]}
        </Text>
        <CopyableId value={item.subjectId} label="subject ID" />
        <SubjectLink item={item} />
      </FactRow>
      <FactRow label="Reason">{reasonLabel(item.reason)}</FactRow>
      <FactRow label="Details">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {item.details}
        </Text>
      </FactRow>
      <FactRow label="Reporter email">
        {item.reporterEmail ? (
          <Anchor href={`mailto:${item.reporterEmail}`} size="sm">
            {item.reporterEmail}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Not given
          </Text>
        )}
      </FactRow>
      <FactRow label="Opened">
        <FactTime iso={item.openedAt} now={now} />
      </FactRow>
      <FactRow label="Due">
        <Text size="sm">{formatDateTime(item.dueAt)}</Text>
        {item.status === 'open' ? (
          <DeadlineCountdown item={item} fetchedAt={fetchedAt} />
        ) : (
          <ResolvedDeadline item={item} />
        )}
      </FactRow>
      {item.resolvedAt && (
        <FactRow label="Resolved">
          <DecidedAt
            iso={item.resolvedAt}
            by={item.resolvedBy && (item.resolvedBy === meId ? 'you' : 'another staff member')}
          />
        </FactRow>
      )}
      <FactRow label="Case ID">
        <CopyableId value={item.id} label="case ID" />
      </FactRow>
    </FactTable>
  );
}
