import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { useStaffNotices } from './use-staff-notices';

const { realtime } = vi.hoisted(() => ({
  realtime: {} as ReturnType<typeof import('../../../test/realtime-stub').createRealtimeStub>,
}));
vi.mock('../../../lib/realtime', async () => {
  Object.assign(realtime, (await import('../../../test/realtime-stub')).createRealtimeStub());
  return { joinPrivate: realtime.joinPrivate };
});
vi.mock('../services/admin-auth-client', () => ({ adminAuth: { getSession: vi.fn(), onAuthStateChange: vi.fn() } }));
await import('../../../lib/realtime');

function Console({ enabled }: { enabled: boolean }) {
  useStaffNotices(enabled);
  return null;
}

describe('the console’s live notices', () => {
  it('joins staff:moderation on the console session and tells of a new case', async () => {
    renderAt(<Console enabled />, '/admin/moderation');
    await waitFor(() => expect(realtime.joinPrivate).toHaveBeenCalledTimes(1));
    const [topic, , , source] = realtime.joinPrivate.mock.calls[0] as unknown as [string, unknown, unknown, unknown];
    expect(topic).toBe('staff:moderation');
    expect(source).toBeTruthy();
    act(() =>
      realtime.emit('staff:moderation', 'case.opened', {
        caseId: 'k1',
        kind: 'report',
        subjectType: 'message',
        reason: 'spam',
        dueAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('New moderation case')).toBeTruthy();
    expect(screen.getByText('A report on a message: spam.')).toBeTruthy();
  });

  it('tells of a case due soon and of one that missed its deadline', async () => {
    renderAt(<Console enabled />, '/admin/moderation');
    await waitFor(() => expect(realtime.joinPrivate).toHaveBeenCalled());
    act(() =>
      realtime.emit('staff:moderation', 'case.deadline', {
        caseId: 'k2',
        kind: 'takedown',
        stage: 'due_soon',
        dueAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Case due soon')).toBeTruthy();
    expect(screen.getByText(/^A takedown request is due .*: a quarter of its time is left\.$/)).toBeTruthy();
    act(() =>
      realtime.emit('staff:moderation', 'case.deadline', {
        caseId: 'k2',
        kind: 'takedown',
        stage: 'overdue',
        dueAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Deadline missed')).toBeTruthy();
  });
});
