import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { caseDeadlineNotice, caseNotice, type CaseDeadlineEvent, type CaseOpenedEvent } from '@/features/live-notices';
import { showNotice } from '../../../lib/notify';
import { joinPrivate } from '../../../lib/realtime';
import { adminAuth } from '../services/admin-auth-client';
import { adminKeys } from './admin-keys';

/** The console's live notices: a new moderation case, or one due soon or overdue, on staff:moderation, with the case lists refreshed. Joined once, on the console's own session. */
export function useStaffNotices(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return joinPrivate(
      'staff:moderation',
      (channel) =>
        channel
          .on('broadcast', { event: 'case.opened' }, ({ payload }) => {
            showNotice(caseNotice(payload as CaseOpenedEvent));
            void client.invalidateQueries({ queryKey: adminKeys.cases });
          })
          .on('broadcast', { event: 'case.deadline' }, ({ payload }) => {
            showNotice(caseDeadlineNotice(payload as CaseDeadlineEvent));
            void client.invalidateQueries({ queryKey: adminKeys.cases });
          }),
      (again) => again && void client.invalidateQueries({ queryKey: adminKeys.cases }),
      adminAuth,
    );
  }, [client, enabled]);
}
