import { Button, Divider, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContentItem } from '../services/admin.types';
import type { ContentAction } from '../services/content-review-api';
import { claimUntil } from '../services/queue';
import { CONTENT_STATUS } from '../services/status-labels';
import { StatusBadge } from './Badges';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { APPROVE_COLOR } from './action-colors';
import { ActionCard, ClaimControls, DecisionSummary } from './detail/ActionPanel';
import { ReasonModal } from './ReasonModal';

export const CONTENT_REASON_MIN = 5;
export const CONTENT_REASON_MAX = 1000;
const LENGTH_RULE = `${CONTENT_REASON_MIN}–${CONTENT_REASON_MAX} characters.`;

export interface ContentActionsProps {
  item: ContentItem;
  isAdmin: boolean;
  pending: ContentAction | null;
  onAction: (action: ContentAction, reason?: string) => Promise<boolean>;
}

/** What the server says the viewer may do (item.claim): the web keeps no copy of the claim rule. */
function claimHint({ claim }: ContentItem): string {
  if (claim.state === 'mine')
    return `You hold the claim${claimUntil(claim.expiresAt)}. Approve or reject, or release it for someone else.`;
  if (claim.state === 'own_work') return 'This is your own work (or it features you): another moderator reviews it.';
  if (claim.state === 'taken') return 'Someone else is reviewing this item.';
  return 'Claim this item to approve or reject it.';
}

/** Claim, release, approve, reject (these two need the caller's claim); admins also remove and restore. */
export function ContentActions({ item, isAdmin, pending, onAction }: ContentActionsProps) {
  const [confirming, setConfirming] = useState<'approve' | 'restore' | null>(null);
  const [reasonFor, setReasonFor] = useState<'reject' | 'remove' | null>(null);
  const holds = item.claim.state === 'mine';
  const busy = pending !== null;
  const reviewing = item.status === 'pending_review';
  const canRemove = isAdmin && item.status !== 'removed' && item.status !== 'draft';
  const canRestore = isAdmin && item.status === 'removed';

  const settle = (action: ContentAction, reason?: string) =>
    void onAction(action, reason).then((done) => {
      if (!done) return;
      setConfirming(null);
      setReasonFor(null);
    });

  return (
    <ActionCard>
      {reviewing ? (
        <ClaimControls
          claim={item.claim}
          hint={claimHint(item)}
          pending={pending}
          onToggle={(action) => settle(action)}
        >
          <Button
            color={APPROVE_COLOR}
            leftSection={<IconCheck size={16} />}
            onClick={() => setConfirming('approve')}
            disabled={!holds || busy}
          >
            Approve
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={() => setReasonFor('reject')}
            disabled={!holds || busy}
          >
            Reject
          </Button>
        </ClaimControls>
      ) : (
        <DecisionSummary
          label="Decision"
          badge={<StatusBadge tone={CONTENT_STATUS[item.status]} />}
          at={item.decidedAt}
        />
      )}

      {(canRemove || canRestore) && (
        <>
          <Divider label="Admin" labelPosition="left" />
          <Group gap="xs">
            {canRemove && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setReasonFor('remove')}
                disabled={busy}
              >
                Remove
              </Button>
            )}
            {canRestore && (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => setConfirming('restore')}
                disabled={busy}
              >
                Restore
              </Button>
            )}
          </Group>
        </>
      )}

      <ConfirmModal
        opened={confirming === 'approve'}
        onClose={() => setConfirming(null)}
        title="Approve this content?"
        confirmLabel="Approve content"
        confirmColor={APPROVE_COLOR}
        pending={pending === 'approve'}
        onConfirm={() => settle('approve')}
      >
        <Text size="sm">
          “{item.title}” goes live in the creator’s store and the creator is emailed. Only approve when every file
          follows the content policy.
        </Text>
        {item.collaboratorIds.length > 0 && (
          <Text size="sm" c="dimmed">
            The featured collaborators are checked first: anyone not verified, not on the creator’s list with
            permission, or without a release form on file gets the item rejected automatically, with the reasons.
          </Text>
        )}
      </ConfirmModal>

      <ConfirmModal
        opened={confirming === 'restore'}
        onClose={() => setConfirming(null)}
        title="Restore this content?"
        confirmLabel="Restore content"
        pending={pending === 'restore'}
        onConfirm={() => settle('restore')}
      >
        <Text size="sm">
          “{item.title}” becomes Approved and visible in the store again (only if its featured collaborators are still
          cleared). Restore only after an upheld appeal. The action is audited.
        </Text>
      </ConfirmModal>

      <ReasonModal
        opened={reasonFor === 'reject'}
        onClose={() => setReasonFor(null)}
        title="Reject this content"
        label="Reason for rejection"
        description={`The creator is emailed this reason and may change the item and resubmit, or appeal. ${LENGTH_RULE}`}
        placeholder="e.g. The person at 02:14 is not on the creator’s collaborator list."
        minLength={CONTENT_REASON_MIN}
        maxLength={CONTENT_REASON_MAX}
        confirmLabel="Reject content"
        pending={pending === 'reject'}
        onConfirm={(reason) => settle('reject', reason)}
      />

      <ReasonModal
        opened={reasonFor === 'remove'}
        onClose={() => setReasonFor(null)}
        title="Remove this content"
        label="Reason for removal"
        description={`Removal takes the item and its files offline for everyone at once, without notice. The reason is kept in the audit log. ${LENGTH_RULE}`}
        placeholder="e.g. Upheld takedown request from the person depicted."
        minLength={CONTENT_REASON_MIN}
        maxLength={CONTENT_REASON_MAX}
        confirmLabel="Remove content"
        pending={pending === 'remove'}
        onConfirm={(reason) => settle('remove', reason)}
      />
    </ActionCard>
  );
}
