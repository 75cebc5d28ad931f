import { Button, NativeSelect } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import type { CaseOutcome, ModerationCase, ResolveCaseRequest } from '../services/admin.types';
import { claimUntil } from '../services/queue';
import type { CaseAction } from '../services/moderation-api';
import { OUTCOME_OPTIONS, outcomeEffect } from '../services/moderation-labels';
import { outcomeTone } from '../services/status-labels';
import { APPROVE_COLOR } from './action-colors';
import { StatusBadge } from './Badges';
import { ActionCard, ClaimControls, DecisionSummary } from './detail/ActionPanel';
import { ReasonModal } from './ReasonModal';

export const CASE_NOTE_MIN = 5;
export const CASE_NOTE_MAX = 2000;

export interface CaseActionsProps {
  item: ModerationCase;
  pending: CaseAction | null;
  onAction: (action: CaseAction, body?: ResolveCaseRequest) => Promise<boolean>;
}

/** What the server says the viewer may do (item.claim): the web keeps no copy of the claim rule. */
function claimHint({ claim }: ModerationCase): string {
  if (claim.state === 'mine')
    return `You hold the claim${claimUntil(claim.expiresAt)}. Resolve the case, or release it for someone else.`;
  if (claim.state === 'own_work') {
    return 'You filed this case, or it is about you, your content, your store or your conversation: another moderator works on it.';
  }
  if (claim.state === 'taken') return 'Someone else is working on this case.';
  return 'Claim this case to resolve it.';
}

/** Claim, release and resolve (needs the caller's claim) an open case; a resolved one shows its outcome. */
export function CaseActions({ item, pending, onAction }: CaseActionsProps) {
  const [resolving, setResolving] = useState(false);
  const [outcome, setOutcome] = useState<CaseOutcome | ''>('');
  const holds = item.claim.state === 'mine';
  const busy = pending !== null;
  const hint = outcome === '' ? 'Choose what was decided.' : outcomeEffect(outcome, item.subjectType === 'content');

  if (item.status === 'resolved') {
    return (
      <ActionCard>
        <DecisionSummary
          label="Outcome"
          badge={<StatusBadge tone={outcomeTone(item.outcome)} />}
          at={item.resolvedAt}
          note={item.resolutionNote}
        />
      </ActionCard>
    );
  }

  const startResolving = () => {
    setOutcome('');
    setResolving(true);
  };

  return (
    <ActionCard>
      <ClaimControls
        claim={item.claim}
        hint={claimHint(item)}
        pending={pending}
        onToggle={(action) => void onAction(action)}
      >
        <Button
          leftSection={<IconGavel size={16} />}
          color={APPROVE_COLOR}
          onClick={startResolving}
          disabled={!holds || busy}
        >
          Resolve
        </Button>
      </ClaimControls>

      <ReasonModal
        opened={resolving}
        onClose={() => setResolving(false)}
        title="Resolve this case"
        label="Note"
        description={`What was checked and decided; kept with the case and in the audit log. ${CASE_NOTE_MIN}–${CASE_NOTE_MAX} characters.`}
        placeholder="e.g. Reviewed the album: no prohibited content; the reporter is told no action was needed."
        minLength={CASE_NOTE_MIN}
        maxLength={CASE_NOTE_MAX}
        confirmLabel="Resolve case"
        confirmColor={APPROVE_COLOR}
        confirmDisabled={outcome === ''}
        pending={pending === 'resolve'}
        onConfirm={(note) => {
          if (outcome === '') return;
          void onAction('resolve', { outcome, note }).then((done) => done && setResolving(false));
        }}
      >
        <NativeSelect
          label="Outcome"
          required
          data={[{ value: '', label: 'Choose an outcome', disabled: true }, ...OUTCOME_OPTIONS]}
          value={outcome}
          onChange={(event) => setOutcome(event.currentTarget.value as CaseOutcome)}
          description={hint}
        />
      </ReasonModal>
    </ActionCard>
  );
}
