import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/render';
import type { ClaimView } from '../../services/admin.types';
import { CASE_STATUS, CONTENT_STATUS, outcomeTone, VERIFICATION_STATUS } from '../../services/status-labels';
import { StatusBadge } from '../Badges';
import { ActionCard, ClaimControls, DecisionSummary } from './ActionPanel';

const claim = (state: ClaimView['state']): ClaimView => ({ state, expiresAt: null });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function renderControls(state: ClaimView['state'], pending: string | null = null, onToggle = vi.fn()) {
  renderAt(
    <ActionCard>
      <ClaimControls claim={claim(state)} hint="What you may do" pending={pending} onToggle={onToggle}>
        <Button disabled={state !== 'mine' || pending !== null}>Approve</Button>
      </ClaimControls>
    </ActionCard>,
  );
  return onToggle;
}

describe('ClaimControls', () => {
  it('offers Claim on an open record, and says the hint where screen readers hear it change', async () => {
    const onToggle = renderControls('open');
    expect(screen.getByText('What you may do').getAttribute('aria-live')).toBe('polite');
    expect(button('Claim').disabled).toBe(false);
    expect(button('Approve').disabled).toBe(true);
    await userEvent.setup().click(button('Claim'));
    expect(onToggle).toHaveBeenCalledWith('claim');
  });

  it('offers Release to the holder beside the deciding buttons', async () => {
    const onToggle = renderControls('mine');
    expect(button('Approve').disabled).toBe(false);
    await userEvent.setup().click(button('Release'));
    expect(onToggle).toHaveBeenCalledWith('release');
  });

  it("keeps Claim shut on someone else's claim", () => {
    renderControls('taken');
    expect(button('Claim').disabled).toBe(true);
  });

  it('disables Release while a decision is being saved', () => {
    renderControls('mine', 'approve');
    expect(button('Release').disabled).toBe(true);
  });

  it("shows only the hint on one's own work", () => {
    renderControls('own_work');
    expect(screen.getByText('What you may do')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('DecisionSummary', () => {
  it('shows what was decided, when, and the note kept with it', () => {
    const badge = <StatusBadge tone={outcomeTone('content_removed')} />;
    renderAt(<DecisionSummary label="Outcome" badge={badge} at="2026-11-20T12:00:00Z" note="Removed after review." />);
    expect(screen.getByText('Outcome')).toBeTruthy();
    expect(screen.getByText('Content removed')).toBeTruthy();
    expect(screen.getByText(/2026/)).toBeTruthy();
    expect(screen.getByText('Removed after review.')).toBeTruthy();
  });

  it('leaves out the time and the note when there are none', () => {
    renderAt(<DecisionSummary label="Decision" badge={<StatusBadge tone={CONTENT_STATUS.approved} />} at={null} />);
    expect(screen.getByText('Decision').parentElement?.textContent).toBe('DecisionApproved');
  });
});

describe('StatusBadge', () => {
  it('writes every status for people', () => {
    renderAt(
      <>
        <StatusBadge tone={CONTENT_STATUS.rejected} />
        <StatusBadge tone={CONTENT_STATUS.pending_review} />
        <StatusBadge tone={VERIFICATION_STATUS.processing} />
        <StatusBadge tone={CASE_STATUS.resolved} />
        <StatusBadge tone={outcomeTone(null)} />
      </>,
    );
    for (const label of ['Rejected', 'Pending Review', 'Processing']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getAllByText('Resolved')).toHaveLength(2);
  });

  it('shows a dash for a record with no status', () => {
    renderAt(<StatusBadge tone={null} />);
    expect(screen.getByText('—')).toBeTruthy();
  });
});
