import { Code, Group, Text } from '@mantine/core';
import { ConsoleBadge } from './ConsoleBadge';
import type { VerificationDetail } from '../services/admin.types';
import { formatDate } from '@/shared/format';
import { ageFrom } from '../services/age';
import { DecidedAt, FactRow as Row, FactTable, FactTime } from './FactRow';

const ADULT_AGE = 18;

/** The applicant's submitted data, with the age worked out from the date of birth. */
export function ApplicantTable({ item, now }: { item: VerificationDetail; now: number }) {
  const age = ageFrom(item.dateOfBirth, new Date(now));
  return (
    <FactTable label="Applicant">
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
        {item.countryName}{' '}
        <Text span size="xs" c="dimmed">
          ({item.country})
        </Text>
      </Row>
      <Row label="Account email">{item.userEmail ?? '(deleted user)'}</Row>
      <Row label="User ID">
        <Code fz="xs">{item.userId}</Code>
      </Row>
      <Row label="Submitted">
        <FactTime iso={item.submittedAt} now={now} />
      </Row>
      {item.decidedAt && (
        <Row label={item.status === 'rejected' ? 'Rejected' : 'Decided'}>
          <DecidedAt iso={item.decidedAt} by={item.decidedBy?.email ?? null} />
        </Row>
      )}
      {item.rejectionReason && <Row label="Reason">{item.rejectionReason}</Row>}
    </FactTable>
  );
}
