import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '../services/admin.types';

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Block({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Code
        block
        fz="xs"
        style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {json(value)}
      </Code>
    </Stack>
  );
}

/** An entry's details: before and after side by side when the change has them, the rest as JSON. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { before, after, ...rest } = entry.details;
  const hasDiff = before !== undefined || after !== undefined;
  return (
    <Stack gap="sm" py={4}>
      <Text size="xs" c="dimmed">
        Target: {entry.targetType ?? '—'} <Code fz="xs">{entry.targetId ?? '—'}</Code> · IP address:{' '}
        {entry.ipAddress ?? '—'} · Entry {entry.id}
      </Text>
      {hasDiff && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Block label="Before" value={before ?? null} />
          <Block label="After" value={after ?? null} />
        </SimpleGrid>
      )}
      {(Object.keys(rest).length > 0 || !hasDiff) && <Block label="Details" value={hasDiff ? rest : entry.details} />}
    </Stack>
  );
}
