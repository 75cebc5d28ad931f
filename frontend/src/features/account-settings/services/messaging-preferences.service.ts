import { apiRequest } from '../../../lib/api-client';
import { auth } from '../../../lib/auth-client';
import type { components } from '../../../lib/api/schema';

export type MessagingPreferences = components['schemas']['MessagingPreferencesViewDto'];
export type MessagingPreferencesUpdate = components['schemas']['MessagingPreferencesDto'];

async function bearer(): Promise<string | undefined> {
  return (await auth.getSession()).data.session?.access_token;
}

export async function fetchMessagingPreferences(): Promise<MessagingPreferences> {
  return apiRequest<MessagingPreferences>('/api/messages/preferences', { bearer: await bearer() });
}

export async function saveMessagingPreferences(update: MessagingPreferencesUpdate): Promise<MessagingPreferences> {
  return apiRequest<MessagingPreferences>('/api/messages/preferences', {
    method: 'PUT',
    json: update,
    bearer: await bearer(),
  });
}
