import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';

export type DashboardSummary = ApiSchemas['DashboardSummaryDto'];
export type CreatorSummary = ApiSchemas['CreatorSummaryDto'];
export type FanSummary = ApiSchemas['FanSummaryDto'];

/** GET /api/dashboard/summary: the signed-in user's own figures (live phase only). */
export const getDashboardSummary = () => apiRequest<DashboardSummary>('/api/dashboard/summary');
