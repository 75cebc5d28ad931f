import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import type { ApiSchemas } from './api/types';

export type PlatformConfig = ApiSchemas['PlatformConfigDto'];
export type LaunchPhase = PlatformConfig['launchPhase'];

/** GET /api/config (public). */
export const getPlatformConfig = () => apiRequest<PlatformConfig>('/api/config');

export const platformConfigKey = ['platform', 'config'] as const;

/** The launch phase decides between the pre-launch previews and the real features (LAUNCH_PHASE). */
export function usePlatformConfig() {
  return useQuery({ queryKey: platformConfigKey, queryFn: getPlatformConfig, staleTime: 5 * 60_000 });
}
