import { useQuery } from '@tanstack/react-query';
import { usePlatformConfig } from '../../../lib/platform-config';
import { getDashboardSummary } from '../services/dashboard-summary.service';

export const dashboardSummaryKey = ['dashboard', 'summary'] as const;

/** The dashboard's figures; asked for only in the live phase (before launch there are none). */
export function useDashboardSummary() {
  const config = usePlatformConfig();
  const live = config.data?.launchPhase === 'live';
  return useQuery({ queryKey: dashboardSummaryKey, queryFn: getDashboardSummary, enabled: live, staleTime: 30_000 });
}

/**
 * Who the dashboard is for: 'creator' or 'fan' once the live summary says so; null before launch
 * or while unknown (the spec's pre-launch dashboard shows every section to everyone).
 */
export function useDashboardRole(): 'creator' | 'fan' | null {
  const config = usePlatformConfig();
  const summary = useDashboardSummary();
  if (config.data?.launchPhase !== 'live') return null;
  return summary.data?.role ?? null;
}
