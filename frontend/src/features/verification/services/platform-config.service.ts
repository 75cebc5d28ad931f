import { apiRequest } from '../../../lib/api-client';

export type LaunchPhase = 'prelaunch' | 'live';

export interface PlatformConfig {
  launchPhase: LaunchPhase;
}

/** GET /api/config (public). */
export const getPlatformConfig = () => apiRequest<PlatformConfig>('/api/config');
