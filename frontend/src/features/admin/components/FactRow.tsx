import { ActionIcon, Code, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime, formatRelative } from '@/shared/format';

/** A detail page's table of facts, one FactRow each; `label` names it for screen readers. */
export function FactTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table variant="vertical" layout="fixed" fz="sm" verticalSpacing={6} withRowBorders aria-label={label}>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** One labelled row of a detail table (label column first, value wrapping anywhere). */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 110, sm: 150 }} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** An id in monospace with a copy button, for pasting into searches and notes. */
export function CopyableId({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A moment in full, with how long ago in brackets. */
export function FactTime({ iso, now }: { iso: string; now: number }) {
  return (
    <>
      {formatDateTime(iso)}{' '}
      <Text span size="xs" c="dimmed">
        ({formatRelative(iso, now)})
      </Text>
    </>
  );
}

/** When a decision was made and, if known, by whom. */
export function DecidedAt({ iso, by }: { iso: string; by: string | null }) {
  return (
    <>
      {formatDateTime(iso)}
      {by && (
        <Text span size="sm" c="dimmed">
          {' '}
          by {by}
        </Text>
      )}
    </>
  );
}
