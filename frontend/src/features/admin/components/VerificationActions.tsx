import { Button, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { VerificationDetail } from '../services/admin.types';
import type { VerificationAction } from '../services/admin-api';
import { claimUntil } from '../services/queue';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { APPROVE_COLOR } from './action-colors';
import { ActionCard, ClaimControls, DecisionSummary } from './detail/ActionPanel';
import { ReasonModal } from './ReasonModal';
import { StatusBadge } from './Badges';
import { VERIFICATION_STATUS } from '../services/status-labels';

export const REJECT_REASON_MIN = 5;
export const REJECT_REASON_MAX = 500;

export interface VerificationActionsProps {
  item: VerificationDetail;
  pending: VerificationAction | null;
  onAction: (action: VerificationAction, reason?: string) => Promise<boolean>;
}

/** What the server says the viewer may do (item.claim): the web keeps no copy of the claim rule. */
function claimHint({ claim, claimedBy }: VerificationDetail): string {
  if (claim.state === 'mine')
    return `You hold the claim${claimUntil(claim.expiresAt)}. Accept or reject, or release it for another moderator.`;
  if (claim.state === 'own_work') return 'This is your own submission: another moderator reviews it.';
  if (claim.state === 'taken') return `${claimedBy?.email ?? 'Another moderator'} is reviewing this submission.`;
  return 'Claim this submission to accept or reject it.';
}

/** Claim, release, accept, reject. Accept and reject need the caller's own claim. */
export function VerificationActions({ item, pending, onAction }: VerificationActionsProps) {
  const [confirmAccept, setConfirmAccept] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const holds = item.claim.state === 'mine';
  const busy = pending !== null;

  if (item.status !== 'processing') {
    return (
      <ActionCard>
        <DecisionSummary
          label="Decision"
          badge={<StatusBadge tone={VERIFICATION_STATUS[item.status]} />}
          at={item.decidedAt}
        />
      </ActionCard>
    );
  }

  return (
    <ActionCard>
      <ClaimControls
        claim={item.claim}
        hint={claimHint(item)}
        pending={pending}
        onToggle={(action) => void onAction(action)}
      >
        <Button
          color={APPROVE_COLOR}
          leftSection={<IconCheck size={16} />}
          onClick={() => setConfirmAccept(true)}
          disabled={!holds || busy}
        >
          Accept
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => setRejecting(true)}
          disabled={!holds || busy}
        >
          Reject
        </Button>
      </ClaimControls>

      <ConfirmModal
        opened={confirmAccept}
        onClose={() => setConfirmAccept(false)}
        title="Accept this verification?"
        confirmLabel="Accept verification"
        confirmColor={APPROVE_COLOR}
        pending={pending === 'accept'}
        onConfirm={() => void onAction('accept').then((done) => done && setConfirmAccept(false))}
      >
        <Text size="sm">
          {item.fullName}
          {item.userEmail ? ` (${item.userEmail})` : ''} becomes a verified creator. Only accept when the face, the ID
          and the details match.
        </Text>
      </ConfirmModal>

      <ReasonModal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title="Reject this verification"
        label="Reason for rejection"
        description={`The applicant is told this reason. ${REJECT_REASON_MIN}–${REJECT_REASON_MAX} characters.`}
        placeholder="e.g. The ID photo is blurred; the date of birth cannot be read."
        minLength={REJECT_REASON_MIN}
        maxLength={REJECT_REASON_MAX}
        confirmLabel="Reject verification"
        pending={pending === 'reject'}
        onConfirm={(reason) => void onAction('reject', reason).then((done) => done && setRejecting(false))}
      />
    </ActionCard>
  );
}
