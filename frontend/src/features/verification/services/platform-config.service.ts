import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';

export type PlatformConfig = ApiSchemas['PlatformConfigDto'];
export type LaunchPhase = PlatformConfig['launchPhase'];

/** GET /api/config (public). */
export const getPlatformConfig = () => apiRequest<PlatformConfig>('/api/config');
