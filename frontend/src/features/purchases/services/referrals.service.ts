import { apiRequest } from '../../../lib/api-client';
import type { ReferralLinkDto, ReferralLinkListDto } from './purchase-types';

/** POST /api/referral-links: 201 for a new link, 200 with the existing one. */
export const createReferralLink = (contentId: string) =>
  apiRequest<ReferralLinkDto>('/api/referral-links', { method: 'POST', json: { contentId } });

export const listReferralLinks = async () => (await apiRequest<ReferralLinkListDto>('/api/referral-links')).items;
