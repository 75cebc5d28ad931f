import { Code, Group, Table, Text } from '@mantine/core';
import { ConsoleBadge } from './ConsoleBadge';
import type { VerificationDetail } from '../services/admin.types';
import { formatDate, formatDateTime, formatRelative } from '@/shared/format';
import { ageFrom } from '../services/age';
import { FactRow as Row } from './FactRow';

const ADULT_AGE = 18;

/** The applicant's submitted data, with the age worked out from the date of birth. */
export function ApplicantTable({ item, now }: { item: VerificationDetail; now: number }) {
  const age = ageFrom(item.dateOfBirth, new Date(now));
  return (
    <Table variant="vertical" layout="fixed" fz="sm" verticalSpacing={6} withRowBorders aria-label="Applicant">
      <Table.Tbody>
        <Row label="Full name">
          <Text size="sm" fw={600}>
            {item.fullName}
          </Text>
        </Row>
        <Row label="Date of birth">
          <Group gap="xs">
            <span>{formatDate(item.dateOfBirth)}</span>
            {age !== null && (
              <ConsoleBadge variant="light" color={age < ADULT_AGE ? 'red' : 'gray'} tt="none">
                {age < ADULT_AGE ? `Under 18 (age ${age})` : `Age ${age}`}
              </ConsoleBadge>
            )}
          </Group>
        </Row>
        <Row label="Country">
          {item.countryName} <Text span size="xs" c="dimmed">({item.country})</Text>
        </Row>
        <Row label="Account email">{item.userEmail ?? '(deleted user)'}</Row>
        <Row label="User ID">
          <Code fz="xs">{item.userId}</Code>
        </Row>
        <Row label="Submitted">
          {formatDateTime(item.submittedAt)}{' '}
          <Text span size="xs" c="dimmed">
            ({formatRelative(item.submittedAt, now)})
          </Text>
        </Row>
        {item.decidedAt && (
          <Row label={item.status === 'rejected' ? 'Rejected' : 'Decided'}>
            {formatDateTime(item.decidedAt)}
            {item.decidedBy && (
              <Text span size="sm" c="dimmed">
                {' '}
                by {item.decidedBy.email}
              </Text>
            )}
          </Row>
        )}
        {item.rejectionReason && <Row label="Reason">{item.rejectionReason}</Row>}
      </Table.Tbody>
    </Table>
  );
}
