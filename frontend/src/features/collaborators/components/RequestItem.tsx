import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useApproveCollaboration, useRejectCollaboration } from '../hooks/use-collaborations';
import { formatDateTime, storeLabel, type Collaboration } from '../services/collaborations.service';
import { ApproveModal } from './ApproveModal';
import { ConfirmDialog } from './ConfirmDialog';
import { PersonHeader } from './PersonHeader';
import { VerifiedBadge } from './VerifiedBadge';

/** One pending request to me: who asked, their note, and Approve (with permissions) or Reject. */
export function RequestItem({ request }: { request: Collaboration }) {
  const headingId = useId();
  const who = storeLabel(request.collaboratorStore);
  const [approving, approveModal] = useDisclosure(false);
  const [rejecting, rejectDialog] = useDisclosure(false);
  const approve = useApproveCollaboration();
  const reject = useRejectCollaboration();
  const busy = approve.isPending || reject.isPending;

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <PersonHeader id={headingId} name={who} badge={<VerifiedBadge verified={request.collaboratorVerified} />} />
          <Text size="xs" c="dimmed">
            <time dateTime={request.requestedAt}>{`Requested ${formatDateTime(request.requestedAt)}`}</time>
          </Text>
        </Stack>
        {request.message ? (
          <Text
            component="blockquote"
            size="sm"
            m={0}
            pl="sm"
            style={{
              borderLeft: '3px solid var(--mantine-color-default-border)',
              overflowWrap: 'anywhere',
              whiteSpace: 'pre-line',
            }}
          >
            {request.message}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            No message
          </Text>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconCheck size={16} />}
            onClick={approveModal.open}
            disabled={busy}
            aria-label={`Approve ${who}`}
          >
            Approve
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={rejectDialog.open}
            disabled={busy}
            aria-label={`Reject ${who}`}
          >
            Reject
          </Button>
        </Group>
      </Stack>

      <ApproveModal
        request={request}
        opened={approving}
        pending={approve.isPending}
        onClose={approveModal.close}
        onApprove={(permissions) =>
          approve.mutate({ id: request.id, ...permissions }, { onSuccess: approveModal.close })
        }
      />
      <ConfirmDialog
        opened={rejecting}
        onClose={rejectDialog.close}
        title="Reject collaboration request?"
        confirmLabel="Reject"
        pending={reject.isPending}
        onConfirm={() => reject.mutate(request.id, { onSuccess: rejectDialog.close })}
      >
        {`${who} will not be added to your collaborators. They can send a new request later.`}
      </ConfirmDialog>
    </Paper>
  );
}
